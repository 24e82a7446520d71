import Foundation
import MFECore
import MFEImports
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace
import MFEXcode

/// What `mfe init --adopt` was asked to do.
package struct AdoptionRequest: Sendable, Equatable {
    /// The repository folder.
    package var path: String
    /// The loader `--loader` or `MFE_LOADER` chose: nil and `static` read statically, never
    /// running manifest code, and leave out (listed, with how to opt in) the manifests the
    /// static reader refuses; `auto` hands those to SwiftPM; `swiftpm` reads every one with
    /// SwiftPM.
    package var loader: ManifestLoaderKind?
    /// `--dry-run`: print, write nothing.
    package var dryRun: Bool

    /// Creates a request.
    package init(path: String = ".", loader: ManifestLoaderKind? = nil, dryRun: Bool = false) {
        self.path = path
        self.loader = loader
        self.dryRun = dryRun
    }
}

/// What `mfe init --adopt` inferred: what to print and the files to create.
package struct AdoptionPlan: Sendable, Equatable {
    /// What was inferred, for standard output.
    package var standardOutput: String
    /// The files to create (absolute path, bytes), in order: `mfe.yml`, then the baseline.
    package var files: [(path: String, data: Data)]
    /// The feature layers decided, `name: layer`, for tests and reports.
    package var layers: [String: Layer]

    package static func == (lhs: AdoptionPlan, rhs: AdoptionPlan) -> Bool {
        lhs.standardOutput == rhs.standardOutput && lhs.layers == rhs.layers
            && lhs.files.map(\.path) == rhs.files.map(\.path) && lhs.files.map(\.data) == rhs.files.map(\.data)
    }
}

/// The planning of `mfe init --adopt` (`InitService`): reads an existing repository's
/// packages, infers `packages:`, `roles:` and `layers:` (`RoleInference`, `LayerInference`),
/// lints the graph with them and records today's findings as the baseline, so the next
/// `mfe lint-graph` is green and new violations fail. Never overwrites `mfe.yml` or the
/// baseline.
package struct AdoptionPlanner: Sendable {
    /// The baseline file the adopted workspace uses.
    static let baselineName = "mfe-baseline.json"
    /// Names of packages that hold repository tooling (Danger, build tools), left out when
    /// nothing in the workspace uses them.
    static let toolingNames: Set<String> = ["danger", "tools", "buildtools", "scripts", "tooling"]

    let fileSystem: any FileSystem
    let processRunner: any ProcessRunning
    /// mfe's environment, which manifests are read in.
    let environment: [String: String]

    /// Creates a planner reading manifests in `environment` (mfe's own).
    package init(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner(), environment: [String: String]) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.environment = environment
    }

    /// Plans `request`: infers, lints, and plans the two files (none with `dryRun`).
    package func plan(_ request: AdoptionRequest) async throws -> AdoptionPlan {
        let root = fileSystem.absolute(request.path)
        guard fileSystem.isDirectory(root) else {
            throw AdoptionError.notAFolder(given: request.path, exists: fileSystem.exists(root))
        }
        let configurationPath = PathUtilities.join(root, "mfe.yml")
        let baselinePath = PathUtilities.join(root, Self.baselineName)
        for existing in [configurationPath, baselinePath] where fileSystem.exists(existing) {
            throw AdoptionError.wouldOverwrite(path: existing)
        }
        let loader = WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: fileSystem, environment: environment), fileSystem: fileSystem)
        let directories = try loader.discoverPackages(under: root)
        let projectPaths = try loader.projectPaths(root: root, configuration: nil)
        guard !directories.isEmpty || !projectPaths.isEmpty else {
            throw AdoptionError.noPackages(given: request.path)
        }
        var (loaded, leftOut, refused) = await load(directories, root: root, loader: request.loader)
        let (projectPackages, projects, unreadableProjects) = readProjects(projectPaths, root: root)
        leftOut += unreadableProjects
        // A package SwiftPM refuses for a path dependency that names no package (a test
        // fixture whose dependency is generated) is left out, not a reason to stop adopting.
        // A package of the workspace stands for a dependency of its identity, as Xcode's
        // workspace overrides it (the loader reads it so): only what stands for none is missing.
        let identities = Set(loaded.filter { $0.directory != "." }.map { PackageIdentity.identity(forLocation: $0.directory) })
        let unreachable = loaded.map { loader.unreachablePathDependencies(of: $0.manifest).filter { !identities.contains(PackageIdentity.identity(forLocation: $0.resolved)) } }
        for (index, problems) in unreachable.enumerated() {
            guard let first = problems.first else { continue }
            leftOut.append(
                .init(
                    directory: loaded[index].directory,
                    reason: "package \(loaded[index].manifest.name) depends on a package that is not there (Package.swift:\(first.location.line): \(first.reason)), which SwiftPM refuses"))
        }
        loaded = loaded.indices.filter { unreachable[$0].isEmpty }.map { loaded[$0] }
        leftOut += loaded.filter { $0.manifest.targets.isEmpty }.map { .init(directory: $0.directory, reason: "package \($0.manifest.name) has no targets (a placeholder)") }
        loaded.removeAll { $0.manifest.targets.isEmpty }
        let hasApplications = projects.values.contains { $0.targets.contains { $0.productType == .application } }
        let tooling = toolingPackages(loaded, root: root, hasApplications: hasApplications)
        leftOut += tooling.map { index in
            let manifest = loaded[index].manifest
            let program = hasApplications && Self.isProgramOfItsOwn(manifest)
            return .init(
                directory: loaded[index].directory,
                reason: program
                    ? "package \(manifest.name) builds a program of its own (no library product; a server or a tool), not part of the Xcode apps"
                    : "package \(manifest.name) holds tooling nothing in the workspace uses")
        }
        loaded = loaded.enumerated().filter { !tooling.contains($0.offset) }.map(\.element)
        guard !loaded.isEmpty || !projectPackages.isEmpty else {
            throw AdoptionError.nothingReadable(given: request.path, reasons: leftOut.map { "\($0.directory): \($0.reason)" })
        }

        let suffixes = RoleInference.infer(loaded)
        let roles = RoleInference.roles(suffixes)
        var provisional = loaded.map { package in
            WorkspacePackage(manifest: package.manifest, directory: package.directory, layer: Self.holdsSeveralFeatures(package.manifest, roles: roles) ? nil : .product)
        }
        for package in projectPackages {
            var value = WorkspacePackage(manifest: package.manifest, directory: package.directory, layer: nil)
            value.project = projects[package.directory]
            provisional.append(value)
        }
        provisional.sort { $0.directory < $1.directory }
        let graph = TargetGraph(packages: provisional, root: root, roles: roles)
        let uiTargets = try await userInterfaceTargets(Workspace(root: root, configuration: nil, packages: provisional), graph: graph)
        let decisions = LayerInference(graph: graph, uiTargets: uiTargets, applications: Self.applicationNodes(graph)).infer()
        // An Xcode application is the shell without a `layers:` entry (the Xcode projects article).
        // A feature an example app shares with its package (`BrowseExample` of `Browse`) keeps
        // the package's entry.
        let packageNames = Set(loaded.flatMap { [$0.manifest.name] + $0.manifest.targets.map { roles.stem(of: $0.name, kind: $0.kind) } })
        let applicationStems = Set(projects.values.flatMap { $0.applicationStems(roles: roles).values }).subtracting(packageNames)
        // An app inferred to be something else (a test helper app) keeps its entry.
        let entries = LayerEntries(graph: graph, decisions: decisions, roles: roles, packages: loaded + projectPackages).entries().filter {
            !applicationStems.contains($0.name) || $0.layer != .shell
        }
        // The shell is the one app project outside the packages (not a package's example app).
        let applicationProjects = projectPackages.map(\.directory).filter { directory in
            projects[directory]?.targets.contains { $0.productType == .application } == true
                && !loaded.contains { $0.directory != "." && directory.hasPrefix($0.directory + "/") }
        }

        let renderer = AdoptionConfigurationRenderer(
            workspace: (root as NSString).lastPathComponent, packageDirectories: loaded.map(\.directory), allPackageDirectories: directories,
            leftOut: leftOut.sorted { $0.directory < $1.directory }, roles: suffixes, layers: entries, refusedManifests: refused, baseline: Self.baselineName,
            projects: projectPackages.map(\.directory), shellProject: applicationProjects.count == 1 ? applicationProjects[0] : nil
        )
        let text = renderer.render()
        guard case .workspace(let configuration) = try ConfigurationParser().parse(text, file: configurationPath) else {
            throw AdoptionError.unreadableConfiguration
        }
        let workspace = try loader.assemble(
            root: root, configuration: configuration, packages: (loaded + projectPackages).sorted { $0.directory < $1.directory }, projects: projects, checkNames: true)
        let report = Linter().lint(workspace)
        let baseline = Baseline(accepting: report.baselineCandidates)

        var layers: [String: Layer] = [:]
        for (index, feature) in graph.features.enumerated() { layers[feature.name] = decisions[index].layer }
        let output = text + "\n" + summary(workspace: workspace, report: report, baseline: baseline, dryRun: request.dryRun, root: request.path)
        return AdoptionPlan(
            standardOutput: output,
            files: request.dryRun ? [] : [(configurationPath, Data(text.utf8)), (baselinePath, baseline.encoded())],
            layers: layers
        )
    }

    /// Reads the Xcode projects at `paths` (relative to `root`) as packages of the graph; one
    /// that cannot be read is left out with the reason.
    func readProjects(_ paths: [String], root: String) -> (
        packages: [(directory: String, manifest: PackageManifest)], projects: [String: XcodeProject], leftOut: [AdoptionConfigurationRenderer.LeftOut]
    ) {
        var packages: [(directory: String, manifest: PackageManifest)] = []
        var projects: [String: XcodeProject] = [:]
        var leftOut: [AdoptionConfigurationRenderer.LeftOut] = []
        // The workspace loader reads `.xcodeproj` files and Tuist's `Project.swift` alike.
        let loader = WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: fileSystem, environment: environment), fileSystem: fileSystem)
        for path in paths {
            do {
                for (directory, manifest, project) in try loader.loadProjects([path], root: root) {
                    packages.append((directory, manifest))
                    projects[directory] = project
                }
            } catch {
                let kind = path.hasSuffix("Project.swift") ? "Tuist" : "Xcode"
                leftOut.append(.init(directory: path, reason: "the \(kind) project cannot be read: \(Self.firstLine(error, root: root))"))
            }
        }
        return (packages, projects, leftOut)
    }

    /// Loads every manifest as `kind` says: statically by default (manifest code runs only
    /// when the command line asks: `--loader auto` hands the manifests the static reader
    /// refuses to SwiftPM). A manifest that cannot be read is left out with the reason and,
    /// for a refusal, how to opt in.
    func load(_ directories: [String], root: String, loader kind: ManifestLoaderKind?) async -> (
        loaded: [(directory: String, manifest: PackageManifest)], leftOut: [AdoptionConfigurationRenderer.LeftOut], refused: [String]
    ) {
        let primary = (kind == .swiftpm ? ManifestLoaderKind.swiftpm : .static).makeLoader(fileSystem: fileSystem, processRunner: processRunner, environment: environment)
        let fallback: (any ManifestLoading)? = kind == .auto ? ManifestLoaderKind.swiftpm.makeLoader(fileSystem: fileSystem, processRunner: processRunner, environment: environment) : nil
        enum Outcome: Sendable {
            case loaded(PackageManifest, refused: Bool)
            case failed(String)
        }
        // Each outcome is bound to a `let` before it is returned, and kept at its folder's
        // index by OrderedConcurrency (its comment says why). A folder whose Package.swift is a
        // source file of an enclosing package's target is no package (`PackageRoots`): it is
        // neither loaded nor mentioned.
        let outcomes = await PackageRoots.load(
            directories, root: root, fileSystem: fileSystem,
            manifest: { outcome -> PackageManifest? in
                if case .loaded(let manifest, _) = outcome { return manifest } else { return nil }
            }, missing: { Outcome.failed($0.localizedDescription) }
        ) { directory in
            let absolute = directory == "." ? root : PathUtilities.join(root, directory)
            do {
                let manifest = try await primary.loadManifest(inPackageDirectory: absolute)
                return Outcome.loaded(manifest, refused: false)
            } catch let refusal as ManifestRefusal {
                guard let fallback else {
                    return Outcome.failed("the static reader cannot evaluate it (\(Self.firstLine(refusal, root: root))); 'mfe init --adopt --loader auto' reads it with SwiftPM, which runs its code")
                }
                do {
                    let manifest = try await fallback.loadManifest(inPackageDirectory: absolute)
                    return Outcome.loaded(manifest, refused: true)
                } catch {
                    return Outcome.failed("SwiftPM cannot load it either: \(Self.firstLine(error, root: root))")
                }
            } catch {
                return Outcome.failed("its Package.swift cannot be read: \(Self.firstLine(error, root: root))")
            }
        }
        var loaded: [(directory: String, manifest: PackageManifest)] = []
        var leftOut: [AdoptionConfigurationRenderer.LeftOut] = []
        var refused: [String] = []
        for (directory, outcome) in outcomes {
            switch outcome {
            case .loaded(let manifest, let wasRefused):
                loaded.append((directory, manifest))
                if wasRefused { refused.append(directory == "." ? "Package.swift" : directory + "/Package.swift") }
            case .failed(let reason): leftOut.append(.init(directory: directory, reason: reason))
            }
        }
        return (loaded, leftOut, refused)
    }

    static func firstLine(_ error: any Error, root: String) -> String {
        String(error.localizedDescription.split(separator: "\n").first ?? "").replacingOccurrences(of: "error: ", with: "").replacingOccurrences(of: root + "/", with: "")
    }

    /// Whether a package holds several features: three or more stems among its non-test
    /// targets that do not extend another stem (a single-package app), rather than one
    /// µFeature with its companions (`RSCore` with `RSCoreObjC` and `RSCoreResources`).
    static func holdsSeveralFeatures(_ manifest: PackageManifest, roles: RoleSuffixes) -> Bool {
        let stems = Set(manifest.targets.filter { $0.kind != .test }.map { roles.stem(of: $0.name, kind: $0.kind) })
        return stems.filter { stem in !stems.contains { $0 != stem && stem.hasPrefix($0) } }.count >= 3
    }

    /// The packages that hold only tooling: nothing else in the workspace uses them, they use
    /// nothing of it, and they are all executables and plugins or are named like tooling
    /// (`Danger`, `Tools`). Never every package, unless an Xcode project builds the app.
    /// With `hasApplications` (an Xcode project builds an app), a package that builds a program of
    /// its own (`isProgramOfItsOwn`) and that nothing uses is tooling too, whatever it uses:
    /// the app is the Xcode app, and home-assistant/iOS's push server is no part of it.
    func toolingPackages(_ loaded: [(directory: String, manifest: PackageManifest)], root: String, hasApplications: Bool = false) -> Set<Int> {
        guard loaded.count > 1 || hasApplications else { return [] }
        let graph = TargetGraph(packages: loaded.map { WorkspacePackage(manifest: $0.manifest, directory: $0.directory, layer: .product) }, root: root)
        var connected: Set<Int> = []
        var used: Set<Int> = []
        for edge in graph.packageEdges {
            connected.formUnion([edge.from, edge.to])
            used.insert(edge.to)
        }
        for edge in graph.edges where graph.nodes[edge.from].package != graph.nodes[edge.to].package {
            connected.formUnion([graph.nodes[edge.from].package, graph.nodes[edge.to].package])
            used.insert(graph.nodes[edge.to].package)
        }
        let tooling = Set(
            loaded.indices.filter { index in
                let manifest = loaded[index].manifest
                let toolsOnly = manifest.targets.allSatisfy { [.executable, .plugin, .test].contains($0.kind) }
                if hasApplications && !used.contains(index) && Self.isProgramOfItsOwn(manifest) { return true }
                return !connected.contains(index) && (toolsOnly || Self.toolingNames.contains(manifest.name.lowercased()))
            })
        // Never every package, unless an Xcode app is what the workspace builds.
        return tooling.count < loaded.count || hasApplications ? tooling : []
    }

    /// Whether a package builds a program and offers nothing to link: an executable target
    /// and no library product.
    static func isProgramOfItsOwn(_ manifest: PackageManifest) -> Bool {
        manifest.targets.contains { $0.kind == .executable } && !manifest.products.contains { [.library, .staticLibrary, .dynamicLibrary].contains($0.kind) }
    }

    /// The Xcode application targets of `graph` (nodes), nil when it has none
    /// (`LayerInference.applications`).
    static func applicationNodes(_ graph: TargetGraph) -> Set<Int>? {
        var result: Set<Int> = []
        for (index, node) in graph.nodes.enumerated() {
            guard let project = graph.packages[node.package].project else { continue }
            if project.targets.contains(where: { $0.name == node.name && $0.productType == .application }) { result.insert(index) }
        }
        return result.isEmpty ? nil : result
    }

    /// The nodes whose sources have user interface: they import SwiftUI, or import UIKit or
    /// AppKit and subclass a view or view controller (a `UIKit` import alone, for
    /// `UIApplication` or `UIImage`, does not make a feature).
    func userInterfaceTargets(_ workspace: Workspace, graph: TargetGraph) async throws -> Set<Int> {
        let files = TargetSourceFiles(fileSystem: fileSystem)
        let fileSystem = fileSystem
        return try await withThrowingTaskGroup(of: Int?.self) { group in
            for (index, node) in graph.nodes.enumerated() where [.regular, .executable].contains(node.kind) {
                let package = workspace.packages[node.package]
                guard let target = package.manifest.targets.first(where: { $0.name == node.name }) else { continue }
                let directory = PathUtilities.join(workspace.root, package.directory)
                group.addTask {
                    for file in try files.swiftFiles(of: target, inPackage: directory) {
                        if Self.hasUserInterface(String(decoding: try fileSystem.contents(of: file), as: UTF8.self)) { return index }
                    }
                    return nil
                }
            }
            var result: Set<Int> = []
            for try await index in group { if let index { result.insert(index) } }
            return result
        }
    }

    /// Whether Swift source `text` declares user interface (see `userInterfaceTargets`).
    static func hasUserInterface(_ text: String) -> Bool {
        if text.contains("import SwiftUI") { return true }
        guard text.contains("import UIKit") || text.contains("import AppKit") else { return false }
        return text.contains(/:\s*(UI|NS)(View|ViewController|TableViewController|CollectionViewController|WindowController|HostingController)\b/)
    }

    private func summary(workspace: Workspace, report: LintReport, baseline: Baseline, dryRun: Bool, root: String) -> String {
        let graph = TargetGraph(workspace: workspace)
        var counts: [Layer: Int] = [:]
        for feature in graph.features { if let layer = feature.layer { counts[layer, default: 0] += 1 } }
        let unassigned = graph.features.count(where: { $0.layer == nil })
        var lines: [String] = []
        lines.append(
            "inferred \(SummaryLine.count(graph.features.count, "feature")) in \(SummaryLine.count(workspace.packages.count, "package")): \(counts[.shell, default: 0]) shell, \(counts[.product, default: 0]) product, \(counts[.foundation, default: 0]) foundation\(unassigned > 0 ? ", \(unassigned) unassigned" : "")"
        )
        var byRule: [String: Int] = [:]
        for entry in baseline.entries { byRule[entry.rule, default: 0] += 1 }
        let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("baseline: \(SummaryLine.count(baseline.entries.count, "finding")) accepted\(rules.isEmpty ? "" : " (\(rules))")")
        if dryRun {
            lines.append("dry run: nothing written")
        } else {
            lines.append("wrote mfe.yml and \(Self.baselineName); 'mfe lint-graph' now passes, and fails on any new violation")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
