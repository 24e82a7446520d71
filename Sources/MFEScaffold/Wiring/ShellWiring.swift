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
}

/// Wires a new product µFeature into the workspace's shell package by syntax-aware edits of its
/// `Package.swift` and its composition root target's sources. Every file is read, parsed and
/// edited in memory first; if any one cannot be edited safely, nothing is edited.
struct ShellWiring {
    let workspaceRoot: String
    /// The shell package's folder, relative to the workspace root.
    let shellFolder: String
    let fileSystem: any FileSystem

    /// The outcome of wiring `feature`, created in `featureFolder` (relative to the workspace
    /// root), into the shell.
    func wire(_ feature: WiredFeature, featureFolder: String, requirements: [ManifestRequirement]) -> WiringOutcome {
        let shell = PathUtilities.join(workspaceRoot, shellFolder)
        let manifestPath = PathUtilities.join(shell, "Package.swift")
        let shownManifest = PathUtilities.join(shellFolder, "Package.swift")
        var compositionTarget: String?
        do {
            guard let manifestData = try? fileSystem.contents(of: manifestPath) else {
                throw WiringRefusal(file: shownManifest, reason: "the shell has no Package.swift to add the dependency to")
            }
            var sources: [(path: String, source: ParsedSource)] = []
            let sourcesFolder = PathUtilities.join(shell, "Sources")
            for file in (try? fileSystem.filesBelow(sourcesFolder)) ?? [] where file.hasSuffix(".swift") {
                let path = PathUtilities.join(sourcesFolder, file)
                guard let data = try? fileSystem.contents(of: path) else { continue }
                sources.append((path, ParsedSource(file: PathUtilities.join(shellFolder, "Sources/" + file), source: String(decoding: data, as: UTF8.self))))
            }
            guard let root = sources.first(where: { $0.source.declaration(named: "AppDependencies") != nil }) else {
                throw WiringRefusal(file: PathUtilities.join(shellFolder, "Sources"), reason: "no 'AppDependencies' (the composition root) declared in the shell's sources")
            }
            let target = String(root.source.file.dropFirst(shellFolder.count + "/Sources/".count).prefix { $0 != "/" })
            compositionTarget = target
            let targetSources = sources.filter { $0.source.file.hasPrefix(PathUtilities.join(shellFolder, "Sources/\(target)/")) }
            for needed in ["AppRoute", "AppRouter", "AppComposition", "AppRootView"] where !targetSources.contains(where: { $0.source.declaration(named: needed) != nil }) {
                throw WiringRefusal(file: PathUtilities.join(shellFolder, "Sources/\(target)"), reason: "no '\(needed)' declared beside 'AppDependencies'")
            }

            // A base conformance may live in any file of the target (`AppDependencies+Core.swift`).
            var feature = feature
            feature.bases.removeAll { base in targetSources.contains { $0.source.conforms("AppDependencies", to: base.protocolName) } }
            var edits: [PlannedEdit] = []
            let manifestSource = String(decoding: manifestData, as: UTF8.self)
            let manifestSplices = try ManifestWiring(file: shownManifest, source: manifestSource).splices(adding: requirements, to: target)
            if !manifestSplices.isEmpty {
                edits.append(PlannedEdit(path: manifestPath, original: manifestSource, contents: SourceSplice.apply(manifestSplices, to: manifestSource), summary: "\(shownManifest): depends on \(feature.name)", label: shownManifest))
            }
            for (path, source) in targetSources {
                let splices = try CompositionWiring.splices(of: source, wiring: feature)
                guard !splices.isEmpty else { continue }
                edits.append(PlannedEdit(path: path, original: source.source, contents: SourceSplice.apply(splices, to: source.source), summary: "\(source.file): \(feature.name) wired in", label: source.file))
            }
            return WiringOutcome(edits: edits)
        } catch let refusal as WiringRefusal {
            return WiringOutcome(
                refusal: "mfe did not wire \(feature.name) into the shell: \(refusal.file): \(refusal.reason); no shell file was changed. Wire it by hand:",
                manualSteps: manualSteps(for: feature, featureFolder: featureFolder, requirements: requirements, compositionTarget: compositionTarget)
            )
        } catch {
            return WiringOutcome(refusal: "mfe did not wire \(feature.name) into the shell: \(error.localizedDescription); no shell file was changed. Wire it by hand:", manualSteps: manualSteps(for: feature, featureFolder: featureFolder, requirements: requirements, compositionTarget: compositionTarget))
        }
    }

    /// The wiring as steps to make by hand.
    func manualSteps(for feature: WiredFeature, featureFolder: String, requirements: [ManifestRequirement], compositionTarget: String?) -> [String] {
        let packages = requirements.map(\.declaration).joined(separator: " and ")
        let products = requirements.flatMap { requirement in requirement.products.map { "'\($0)'" } }.joined(separator: ", ")
        var steps = [
            "in \(PathUtilities.join(shellFolder, "Package.swift")): add \(packages) to 'dependencies:', and the products \(products) to \(compositionTarget.map { "the target '\($0)'" } ?? "the composition root target (the one declaring AppDependencies)")",
        ]
        for base in feature.bases {
            steps.append("conform AppDependencies to \(base.protocolName) (import \(base.module)), forwarding each requirement to a '\(base.dependencies.liveType)()'")
        }
        steps += [
            "conform AppDependencies to \(feature.name)Dependencies, and AppRouter to \(feature.name)Navigating",
            "add 'case \(feature.caseName)' to AppRoute and register its link \(ManifestWiring.literal(feature.link)) in AppRouter",
            "add a '\(feature.caseName)' builder to AppComposition, and its tab and screen to AppRootView",
        ]
        return steps
    }
}
