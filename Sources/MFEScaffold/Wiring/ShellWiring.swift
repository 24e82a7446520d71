import Foundation
import MFECore
import MFEWorkspace

/// What wiring a new feature into the shell comes to: the edits of the shell's files (all of
/// them, or none), or, when a file is not in a shape mfe can edit safely, the steps to make by
/// hand and why.
struct WiringOutcome: Equatable {
    /// The edits, one per changed file; empty when the feature is already wired or is refused.
    var edits: [PlannedEdit] = []
    /// Why mfe edited nothing, naming the file; nil when the edits are complete.
    var refusal: String?
    /// The steps left to the user when refused.
    var manualSteps: [String] = []
    /// What is left to the user although the edits are complete: an app target with a
    /// hand-written Info.plist, which build settings do not reach.
    var steps: [String] = []
}

/// Wires a new product µFeature into the workspace's shell package by syntax-aware edits of its
/// `Package.swift` and its composition root target's sources. Every file is read, parsed and
/// edited in memory first; if any one cannot be edited safely, nothing is edited.
struct ShellWiring {
    let workspaceRoot: String
    /// The shell package's folder, relative to the workspace root.
    let shellFolder: String
    let fileSystem: any FileSystem

    /// The shell's files mfe edits, read and parsed: its `Package.swift` and the Swift files of
    /// its composition root target (the one declaring `AppDependencies`).
    struct Files {
        /// The manifest; `path` is where edits are written (a link's target).
        var manifest: (path: String, source: ParsedSource)
        /// The composition root target's name.
        var target: String
        /// The target's Swift files.
        var targetSources: [(path: String, source: ParsedSource)]
        /// Every Swift file below the shell's `Sources/`.
        var sources: [(path: String, source: ParsedSource)]
        /// Every Swift file below the shell's `Tests/`.
        var tests: [(path: String, source: ParsedSource)] = []
    }

    /// Reads the shell's files, or refuses naming the file mfe could not use.
    func files() throws -> Files {
        let shell = PathUtilities.join(workspaceRoot, shellFolder)
        let shownManifest = PathUtilities.join(shellFolder, "Package.swift")
        let manifestPath = editablePath(PathUtilities.join(shell, "Package.swift"))
        guard let manifestData = try? fileSystem.contents(of: manifestPath) else {
            throw WiringRefusal(file: shownManifest, reason: "the shell has no Package.swift to add the dependency to")
        }
        func swiftFiles(in folder: String) -> [(path: String, source: ParsedSource)] {
            let absolute = PathUtilities.join(shell, folder)
            return ((try? fileSystem.filesBelow(absolute)) ?? []).filter { $0.hasSuffix(".swift") }.compactMap { file in
                let path = editablePath(PathUtilities.join(absolute, file))
                guard let data = try? fileSystem.contents(of: path) else { return nil }
                return (path, ParsedSource(file: PathUtilities.join(shellFolder, folder + "/" + file), bytes: Array(data)))
            }
        }
        let sources = swiftFiles(in: "Sources")
        guard let root = sources.first(where: { $0.source.declaration(named: "AppDependencies") != nil }) else {
            throw WiringRefusal(file: PathUtilities.join(shellFolder, "Sources"), reason: "no 'AppDependencies' (the composition root) declared in the shell's sources")
        }
        let target = String(root.source.file.dropFirst(shellFolder.count + "/Sources/".count).prefix { $0 != "/" })
        let targetSources = sources.filter { $0.source.file.hasPrefix(PathUtilities.join(shellFolder, "Sources/\(target)/")) }
        return Files(
            manifest: (manifestPath, ParsedSource(file: shownManifest, bytes: Array(manifestData))), target: target, targetSources: targetSources, sources: sources, tests: swiftFiles(in: "Tests"))
    }

    /// Where an edit of `path` is written: the file itself, or the target of a symbolic link,
    /// so the link stays a link.
    private func editablePath(_ path: String) -> String {
        fileSystem.isSymbolicLink(path) ? ScaffoldWriter.target(of: path, fileSystem: fileSystem) : path
    }

    /// An edit of `source` at `path`, refused when `path` (a link's target) is outside the
    /// workspace: mfe edits only the workspace's files.
    private func edit(_ source: ParsedSource, at path: String, splices: [SourceSplice], summary: String) throws -> PlannedEdit {
        try edit(file: source.file, bytes: source.bytes, at: path, splices: splices, summary: summary)
    }

    /// An edit of the file `file` (relative to the workspace root) whose bytes are `bytes`.
    private func edit(file: String, bytes: [UInt8], at path: String, splices: [SourceSplice], summary: String) throws -> PlannedEdit {
        if path != PathUtilities.join(workspaceRoot, file), !RealPath.isInside(path, folder: workspaceRoot, fileSystem: fileSystem) {
            throw WiringRefusal(file: file, reason: "it is a symbolic link to '\(path)', outside the workspace; mfe edits only files inside it")
        }
        return PlannedEdit(path: path, originalBytes: bytes, bytes: SourceSplice.apply(splices, to: bytes), summary: summary, label: file)
    }

    /// The edits of the shell app's Xcode projects for the web feature `feature`: the
    /// usage descriptions its pages may need in each app target's generated Info.plist and
    /// the app's test of them; and what is left to do by hand for an app target whose
    /// Info.plist is hand-written.
    private func appProjectEdits(for feature: WiredFeature) throws -> (edits: [PlannedEdit], steps: [String]) {
        var settings = XcodeAppProject.webInfoPlistSettings(localNetwork: feature.pageOnLocalNetwork).map { (name: $0.0, value: $0.1) }
        settings.sort { $0.name < $1.name }
        var edits: [PlannedEdit] = []
        var steps: [String] = []
        let keys = settings.map { String($0.name.dropFirst("INFOPLIST_KEY_".count)) }.joined(separator: ", ")
        for project in AppProjectWiring.projects(in: PathUtilities.join(workspaceRoot, shellFolder), fileSystem: fileSystem) {
            let pbxproj = editablePath(PathUtilities.join(project, "project.pbxproj"))
            let shown = PathUtilities.relative(PathUtilities.join(project, "project.pbxproj"), to: workspaceRoot)
            guard let data = try? fileSystem.contents(of: pbxproj) else { continue }
            let bytes = Array(data)
            let found = try AppProjectWiring.splices(of: bytes, file: shown, adding: settings)
            steps += found.handWrittenInfoPlists.map {
                "add \(keys) to the Info.plist of the app target '\($0)' in \(shown): web pages in \(feature.name) may use what they guard, and iOS ends an app that does so without saying why"
            }
            guard !found.splices.isEmpty else { continue }
            edits.append(try edit(file: shown, bytes: bytes, at: pbxproj, splices: found.splices, summary: "\(shown): the app says why \(feature.name)'s pages may use the camera and microphone"))
            let folder = (project as NSString).deletingLastPathComponent
            for entry in ((try? fileSystem.contentsOfDirectory(folder)) ?? []).sorted() {
                let path = editablePath(PathUtilities.join(folder, entry + "/AppBundleTests.swift"))
                guard let test = try? fileSystem.contents(of: path) else { continue }
                let source = ParsedSource(file: PathUtilities.relative(PathUtilities.join(folder, entry + "/AppBundleTests.swift"), to: workspaceRoot), bytes: Array(test))
                let splices = AppProjectWiring.testSplices(of: source)
                guard !splices.isEmpty else { continue }
                edits.append(try edit(source, at: path, splices: splices, summary: "\(source.file): the app's test of them"))
            }
        }
        return (edits, steps)
    }

    /// The outcome of wiring `feature`, created in `featureFolder` (relative to the workspace
    /// root), into the shell.
    func wire(_ feature: WiredFeature, featureFolder: String, requirements: [ManifestRequirement]) -> WiringOutcome {
        var compositionTarget: String?
        do {
            let files = try files()
            compositionTarget = files.target
            let target = files.target
            for needed in ["AppRoute", "AppRouter", "AppComposition", "AppRootView"] where !files.targetSources.contains(where: { $0.source.declaration(named: needed) != nil }) {
                throw WiringRefusal(file: PathUtilities.join(shellFolder, "Sources/\(target)"), reason: "no '\(needed)' declared beside 'AppDependencies'")
            }

            // A base conformance may live in any file of the target (`AppDependencies+Core.swift`).
            var feature = feature
            feature.bases.removeAll { base in files.targetSources.contains { $0.source.conforms("AppDependencies", to: base.protocolName) } }
            feature.routerOpensInApp = files.targetSources.contains { $0.source.declaresMethod("opensInApp", of: "AppRouter") }
            var edits: [PlannedEdit] = []
            let manifest = files.manifest.source
            var manifestSplices = try ManifestWiring(parsed: manifest).splices(adding: requirements, to: target)
            // The shell's tests test the feature's route with its testing library, as they test
            // each feature `mfe init` wires; a shell without `AppCompositionTests` gets none.
            var testEdits: [PlannedEdit] = []
            var testTargets: Set<String> = []
            for (path, source) in files.tests {
                let splices = CompositionTestWiring.splices(of: source, wiring: feature)
                guard !splices.isEmpty else { continue }
                testTargets.insert(String(source.file.dropFirst(shellFolder.count + "/Tests/".count).prefix { $0 != "/" }))
                testEdits.append(try edit(source, at: path, splices: splices, summary: "\(source.file): \(feature.name)'s route tested"))
            }
            if let package = requirements.first?.packageArgument {
                do {
                    var testSplices: [SourceSplice] = []
                    for testTarget in testTargets.sorted() {
                        testSplices += try ManifestWiring(parsed: manifest).splices(addingProducts: [feature.name + "Testing"], package: package, to: testTarget)
                    }
                    manifestSplices += testSplices
                } catch is WiringRefusal {
                    // Tests in a folder the manifest names no target for: left as they are.
                    testEdits = []
                }
            }
            if !manifestSplices.isEmpty {
                edits.append(try edit(manifest, at: files.manifest.path, splices: manifestSplices, summary: "\(manifest.file): depends on \(feature.name)"))
            }
            for (path, source) in files.targetSources {
                let splices = try CompositionWiring.splices(of: source, wiring: feature)
                guard !splices.isEmpty else { continue }
                edits.append(try edit(source, at: path, splices: splices, summary: "\(source.file): \(feature.name) wired in"))
            }
            for (path, source) in files.sources where !files.targetSources.contains(where: { $0.path == path }) {
                let splices = EntryPointWiring.splices(of: source, wiring: feature)
                guard !splices.isEmpty else { continue }
                edits.append(try edit(source, at: path, splices: splices, summary: "\(source.file): \(feature.name) in the walk-through"))
            }
            var steps: [String] = []
            if feature.web {
                let project = try appProjectEdits(for: feature)
                edits += project.edits
                steps = project.steps
            }
            return WiringOutcome(edits: edits + testEdits, steps: steps)
        } catch let refusal as WiringRefusal {
            return WiringOutcome(
                refusal: "mfe did not wire \(feature.name) into the shell: \(refusal.file): \(refusal.reason); no shell file was changed. Wire it by hand:",
                manualSteps: manualSteps(for: feature, featureFolder: featureFolder, requirements: requirements, compositionTarget: compositionTarget)
            )
        } catch {
            return WiringOutcome(
                refusal: "mfe did not wire \(feature.name) into the shell: \(error.localizedDescription); no shell file was changed. Wire it by hand:",
                manualSteps: manualSteps(for: feature, featureFolder: featureFolder, requirements: requirements, compositionTarget: compositionTarget))
        }
    }

    /// The wiring as steps to make by hand.
    func manualSteps(for feature: WiredFeature, featureFolder: String, requirements: [ManifestRequirement], compositionTarget: String?) -> [String] {
        let packages = requirements.map(\.declaration).joined(separator: " and ")
        let products = requirements.flatMap { requirement in requirement.products.map { "'\($0)'" } }.joined(separator: ", ")
        var steps = [
            "in \(PathUtilities.join(shellFolder, "Package.swift")): add \(packages) to 'dependencies:', and the products \(products) to \(compositionTarget.map { "the target '\($0)'" } ?? "the composition root target (the one declaring AppDependencies)")"
        ]
        for base in feature.bases {
            steps.append("conform AppDependencies to \(base.protocolName) (import \(base.module)), forwarding each requirement to a 'public var \(base.property) = \(base.dependencies.liveType)()'")
        }
        steps += [
            "conform AppDependencies to \(feature.name)Dependencies\(feature.web ? "" : " (with a 'public var \(feature.variable)Repository' a test can replace)"), and AppRouter to \(feature.name)Navigating",
            "add 'case \(feature.caseName)' to AppRoute and register its link \(ManifestWiring.literal(feature.link)) in AppRouter",
            "add a '\(feature.caseName)' builder to AppComposition, and its tab and screen to AppRootView",
            "test its route in the shell's tests (with '\(feature.name)Testing'), and show it in the Linux walk-through of the app's 'static func main()'",
        ]
        return steps
    }
}
