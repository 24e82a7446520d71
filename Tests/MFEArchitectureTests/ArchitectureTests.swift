import Foundation
import MFECore
import MFEImports
import MFELint
import MFEManifest
import MFEWorkspace
import Testing
import Yams

/// mfe checks its own house: its Package.swift, read by mfe's manifest reader and turned into
/// mfe's target graph, must follow the layers of `Tests/Architecture/layers.yml`.
@Suite("mfe's own architecture")
struct ArchitectureTests {
    /// The package root, found from this file's path (`Tests/MFEArchitectureTests/`).
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let layersFile = "Tests/Architecture/layers.yml"

    static func ownGraph() async throws -> TargetGraph {
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: packageRoot)
        return TargetGraph(packages: [WorkspacePackage(manifest: manifest, directory: ".", layer: nil)], root: packageRoot)
    }

    static func ownLayers() throws -> ArchitectureLayers {
        let path = PathUtilities.join(packageRoot, layersFile)
        return try ArchitectureLayers(yaml: String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self), file: layersFile)
    }

    @Test func everyTargetIsInALayer() async throws {
        let problems = try Self.ownLayers().mappingProblems(in: try await Self.ownGraph())
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func dependenciesPointToLowerLayersOnly() async throws {
        let graph = try await Self.ownGraph()
        #expect(graph.edges.count > 20)
        let violations = try Self.ownLayers().violations(in: graph)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// What each target imports is what Package.swift declares: mfe's own `--imports` rules
    /// (implicit-dependency, unused-dependency) on its non-test targets.
    @Test func importsMatchDeclaredDependencies() async throws {
        let graph = try await Self.ownGraph()
        let workspace = Workspace(root: Self.packageRoot, configuration: nil, packages: graph.packages)
        let findings = try await ImportRules.findings(in: workspace, graph: graph)
        let testTargets = Set(graph.nodes.filter { $0.kind == .test }.map(\.name))
        let problems = findings.filter { !testTargets.contains($0.from ?? "") }.map { "\($0.file):\($0.line): \($0.message) [\($0.rule)]" }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// README's architecture table lists every non-test target with the targets of this
    /// package it depends on, as Package.swift declares them.
    @Test func theREADMETableMatchesPackageSwift() async throws {
        let readme = String(decoding: try Data(contentsOf: URL(fileURLWithPath: PathUtilities.join(Self.packageRoot, "README.md"))), as: UTF8.self)
        let section = try #require(readme.components(separatedBy: "<!-- section: architecture -->").last?.components(separatedBy: "<!-- /section: architecture -->").first)
        var documented: [String: Set<String>] = [:]
        var above: Set<String> = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let dependencies =
                cells[2] == "every module above"
                ? above
                : Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }.filter { $0 != "—" })
            documented[module] = dependencies
            above.insert(module)
        }
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: Self.packageRoot)
        let names = Set(manifest.targets.map(\.name))
        var declared: [String: Set<String>] = [:]
        for target in manifest.targets where target.kind != .test {
            declared[target.name] = Set(target.dependencies.map(\.name).filter(names.contains))
        }
        let differences = Set(documented.keys).union(declared.keys).sorted().compactMap { module -> String? in
            let inREADME = documented[module].map { $0.sorted().joined(separator: ", ") } ?? "no row"
            let inManifest = declared[module].map { $0.sorted().joined(separator: ", ") } ?? "no target"
            return inREADME == inManifest ? nil : "\(module): README says [\(inREADME)], Package.swift says [\(inManifest)]"
        }
        #expect(differences.isEmpty, "README's architecture table differs from Package.swift:\n\(differences.joined(separator: "\n"))")
    }

    /// The checks themselves fail on a bad package: an upward edge, an edge within a layer, and
    /// a target in no layer, each named.
    @Test func theChecksNameEveryOffendingEdgeAndTarget() throws {
        let file = "/p/Package.swift"
        func location(_ line: Int) -> MFECore.SourceLocation { MFECore.SourceLocation(file: file, line: line, column: 9) }
        let targets = [
            Target(name: "Core", dependencies: [TargetDependency(.byName("Report"), location: location(2))], location: location(1)),
            Target(name: "Lint", dependencies: [TargetDependency(.byName("Compose"), location: location(4))], location: location(3)),
            Target(name: "Compose", location: location(5)),
            Target(name: "Report", dependencies: [TargetDependency(.byName("Core"), location: location(7))], location: location(6)),
            Target(name: "New", location: location(8)),
            Target(name: "CoreTests", kind: .test, dependencies: [TargetDependency(.byName("Report"), location: location(10))], location: location(9)),
        ]
        let manifest = PackageManifest(name: "P", toolsVersion: ToolsVersion(6, 0), targets: targets, manifestPath: file)
        let graph = TargetGraph(packages: [WorkspacePackage(manifest: manifest, directory: ".", layer: nil)], root: "/p")
        let layers = try ArchitectureLayers(
            yaml: "layers:\n  - name: core\n    targets: [Core]\n  - name: areas\n    targets: [Lint, Compose]\n  - name: report\n    targets: [Report, Gone]\n", file: "layers.yml")
        #expect(
            layers.violations(in: graph) == [
                "/p/Package.swift:2:9: Core -> Report: 'Core' (layer 'core') depends on 'Report' in the higher layer 'report'; dependencies must point to a lower layer",
                "/p/Package.swift:4:9: Lint -> Compose: 'Lint' (layer 'areas') depends on 'Compose' in its own layer 'areas'; dependencies must point to a lower layer",
            ])
        #expect(
            layers.mappingProblems(in: graph) == [
                "/p/Package.swift:8:9: the target 'New' is in no layer of layers.yml; add it to the layer it belongs to",
                "layers.yml names 'Gone', which is not a target of Package.swift; remove it",
            ])
    }
}

/// Layers of targets, bottom to top, as `layers.yml` lists them.
struct ArchitectureLayers {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `(name, targets)` of every layer, bottom first.
    var layers: [(name: String, targets: [String])]
    var file: String

    init(yaml: String, file: String) throws {
        guard let root = try Yams.load(yaml: yaml) as? [String: Any], let list = root["layers"] as? [[String: Any]] else {
            throw Failure(description: "'\(file)' has no 'layers:' list of '{name, targets}'")
        }
        layers = try list.map { entry in
            guard let name = entry["name"] as? String, let targets = entry["targets"] as? [String] else {
                throw Failure(description: "every layer of '\(file)' needs 'name:' and 'targets:'")
            }
            return (name, targets)
        }
        self.file = file
    }

    /// The index of the layer holding `target`, bottom = 0.
    func layerIndex(of target: String) -> Int? {
        layers.firstIndex { $0.targets.contains(target) }
    }

    /// Every dependency between non-test targets that does not point to a strictly lower layer.
    func violations(in graph: TargetGraph) -> [String] {
        var violations: [String] = []
        for edge in graph.edges {
            let from = graph.nodes[edge.from]
            let to = graph.nodes[edge.to]
            guard from.kind != .test, let fromLayer = layerIndex(of: from.name), let toLayer = layerIndex(of: to.name), toLayer >= fromLayer else { continue }
            let place = toLayer == fromLayer ? "in its own layer '\(layers[toLayer].name)'" : "in the higher layer '\(layers[toLayer].name)'"
            violations.append(
                "\(edge.location): \(from.name) -> \(to.name): '\(from.name)' (layer '\(layers[fromLayer].name)') depends on '\(to.name)' \(place); dependencies must point to a lower layer")
        }
        return violations
    }

    /// Non-test targets in no layer, targets in several, and layer entries naming no target.
    func mappingProblems(in graph: TargetGraph) -> [String] {
        var problems: [String] = []
        for node in graph.nodes where node.kind != .test {
            let count = layers.filter { $0.targets.contains(node.name) }.count
            if count == 0 { problems.append("\(node.location): the target '\(node.name)' is in no layer of \(file); add it to the layer it belongs to") }
            if count > 1 { problems.append("\(node.location): the target '\(node.name)' is in \(count) layers of \(file); keep it in one") }
        }
        let names = Set(graph.nodes.map(\.name))
        for layer in layers {
            for target in layer.targets where !names.contains(target) {
                problems.append("\(file) names '\(target)', which is not a target of Package.swift; remove it")
            }
        }
        return problems
    }
}

/// A rule over the Swift files of `Sources`: the files it may skip and why, the folders outside
/// it, and what it finds in one file's text.
struct SourceRule {
    /// The files allowed to do what the rule looks for, and why.
    var allowed: [String: String]
    /// Folders outside the rule.
    var exemptFolders: [String]
    /// What the rule finds in a file's text (`file:line: what` strings), given its `Sources/…` path.
    var findings: (_ text: String, _ file: String) -> [String]

    /// What the rule finds in every file it covers, after checking there are files and that
    /// every allowed file still exists.
    func problems() throws -> [String] {
        let sources = PathUtilities.join(ArchitectureTests.packageRoot, "Sources")
        let disk = LocalFileSystem()
        let files = try disk.filesBelow(sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var problems: [String] = []
        for relative in files {
            let file = "Sources/" + relative
            guard allowed[file] == nil, !exemptFolders.contains(where: file.hasPrefix) else { continue }
            problems += findings(String(decoding: try disk.contents(of: PathUtilities.join(sources, relative)), as: UTF8.self), file)
        }
        for file in allowed.keys {
            #expect(files.contains(String(file.dropFirst("Sources/".count))), "'\(file)' is allowed but no longer exists")
        }
        return problems
    }
}
