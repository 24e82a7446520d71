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

    /// The Architecture article of the DocC catalog, which the tests below hold to the code.
    static let articlePath = "Sources/MFEKit/MFEKit.docc/Architecture.md"

    static func text(of relativePath: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: PathUtilities.join(packageRoot, relativePath))), as: UTF8.self)
    }

    /// Every non-test target with the targets of this package it depends on, as Package.swift
    /// declares them.
    static func declaredDependencies() async throws -> [String: Set<String>] {
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: packageRoot)
        let names = Set(manifest.targets.map(\.name))
        var declared: [String: Set<String>] = [:]
        for target in manifest.targets where target.kind != .test {
            declared[target.name] = Set(target.dependencies.map(\.name).filter(names.contains))
        }
        return declared
    }

    /// README's architecture table lists every non-test target with the targets of this
    /// package it depends on, as Package.swift declares them.
    @Test func theREADMETableMatchesPackageSwift() async throws {
        let readme = try Self.text(of: "README.md")
        let section = try #require(readme.components(separatedBy: "<!-- section: architecture -->").last?.components(separatedBy: "<!-- /section: architecture -->").first)
        let differences = ModuleTable(markdown: section).differences(from: try await Self.declaredDependencies(), document: "README.md")
        #expect(differences.isEmpty, "README's architecture table differs from Package.swift:\n\(differences.joined(separator: "\n"))")
    }

    /// So does the Architecture article's table: both are exact, row for row.
    @Test func theArticlesTableMatchesPackageSwift() async throws {
        let differences = ModuleTable(markdown: try Self.text(of: Self.articlePath)).differences(from: try await Self.declaredDependencies(), document: Self.articlePath)
        #expect(differences.isEmpty, "the Architecture article's table differs from Package.swift:\n\(differences.joined(separator: "\n"))")
    }

    /// The article's diagram draws the layers of layers.yml, top layer first, each with its
    /// targets.
    @Test func theArticlesDiagramDrawsTheLayersOfLayersYml() throws {
        let article = try Self.text(of: Self.articlePath)
        let diagram = try #require(article.components(separatedBy: "```\n").dropFirst().first, "the Architecture article has no diagram")
        let problems = try Self.ownLayers().diagramProblems(diagram)
        #expect(problems.isEmpty, "the Architecture article's diagram differs from \(Self.layersFile):\n\(problems.joined(separator: "\n"))")
    }

    /// A plugin of mfe's package depends at most on a tool that depends on nothing: SwiftPM
    /// builds an executable a plugin uses a second time, for the host, in every build of the
    /// package, so a plugin depending on `mfe` made `swift build -c release` compile
    /// swift-syntax and mfe twice (20 minutes instead of 14 on 2 cores).
    @Test func pluginsMakeSwiftPMBuildNothingOfMfeTwice() async throws {
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: Self.packageRoot)
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }) { first, _ in first }
        let plugins = manifest.targets.filter { $0.kind == .plugin }
        #expect(plugins.map(\.name).sorted() == ["AffectedPlugin", "ComposeShellPlugin", "EmbedBuildInfoPlugin", "EmbedTemplatesPlugin", "LintGraphPlugin"])
        for plugin in plugins {
            for dependency in plugin.dependencies {
                let name: String
                switch dependency.kind {
                case .byName(let target), .target(let target): name = target
                case .product(let product, _): name = product
                }
                let tool = try #require(targets[name], "\(plugin.name) depends on '\(name)', which is no target of this package")
                #expect(tool.kind == .executable && tool.dependencies.isEmpty, "\(plugin.name) depends on '\(name)', which SwiftPM would build again with all it depends on")
            }
        }
    }

    /// Every command service, and every test target, is named in the article.
    @Test func theArticleNamesEveryServiceAndTestTarget() async throws {
        let article = try Self.text(of: Self.articlePath)
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: Self.packageRoot)
        let testTargets = manifest.targets.filter { $0.kind == .test }.map(\.name)
        let services = try Self.commandServices()
        #expect(services.count >= 9, "\(services)")
        for name in testTargets + services {
            #expect(article.contains("`\(name)`"), "the Architecture article does not name `\(name)`; add it where it belongs")
        }
    }

    /// The table and diagram checks say what to write: a missing row with its dependencies, a
    /// wrong row, a row without a target, and a layer drawn with the wrong targets.
    @Test func theTableAndDiagramChecksSayWhatToWrite() throws {
        let table = ModuleTable(
            markdown: """
                | module | depends on (Package.swift) | why |
                |---|---|---|
                | `Core` | — | values |
                | `Lint` | `Core`, `Report` | rules |
                | `Gone` | `Core` | removed |
                | `Kit` | every module above | umbrella |
                """)
        let declared: [String: Set<String>] = ["Core": [], "Lint": ["Core"], "Report": ["Core", "Lint"], "Kit": ["Core", "Lint", "Gone"]]
        #expect(
            table.differences(from: declared, document: "A.md") == [
                "Gone: A.md has a row, but Package.swift has no such target; remove the row",
                "Lint: A.md says `Core`, `Report`, Package.swift says `Core`",
                "Report: A.md has no row; add '| `Report` | `Core`, `Lint` | why it is a boundary |'",
            ])
        let layers = try ArchitectureLayers(yaml: "layers:\n  - name: core\n    targets: [Core]\n  - name: areas\n    targets: [Lint, Report]\n", file: "layers.yml")
        #expect(layers.diagramProblems("areas   Lint · Report   the areas\ncore    Core\n").isEmpty)
        #expect(
            layers.diagramProblems("core    Core\nareas   Lint   the areas\n") == [
                "the layer 'areas' is drawn with 'Lint'; draw 'Lint · Report'",
                "the layer 'core' is drawn above a layer layers.yml puts over it; draw the top layer first",
            ])
    }

    /// The types that conform to `CommandService` in Sources (`struct NAME: CommandService`).
    static func commandServices() throws -> [String] {
        let sources = PathUtilities.join(packageRoot, "Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
        var services: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: PathUtilities.join(sources, path), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(": CommandService") {
                let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                if let index = words.firstIndex(of: "struct"), index + 1 < words.count { services.append(String(words[index + 1])) }
            }
        }
        return services.sorted()
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

/// A Markdown table of modules — the first whose header starts with `| module | depends on` —
/// as each module's row: the targets it says the module depends on. `every module above` is
/// every module of the rows before it.
struct ModuleTable {
    /// `(module, dependencies)` of each row, in order.
    var rows: [(module: String, dependencies: Set<String>)] = []

    init(markdown: String) {
        var inTable = false
        var above: Set<String> = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| module | depends on") {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let dependencies =
                cells[2] == "every module above"
                ? above
                : Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "` ")) }.filter { $0 != "—" })
            rows.append((module, dependencies))
            above.insert(module)
        }
    }

    /// What differs from `declared` (target → its dependencies), one line per module, each
    /// saying what the row must say.
    func differences(from declared: [String: Set<String>], document: String) -> [String] {
        var documented: [String: Set<String>] = [:]
        var problems: [String] = []
        for row in rows {
            if documented[row.module] != nil { problems.append("\(row.module): \(document) has two rows; keep one") }
            documented[row.module] = row.dependencies
        }
        func listed(_ names: Set<String>) -> String { names.isEmpty ? "—" : names.sorted().map { "`\($0)`" }.joined(separator: ", ") }
        for module in Set(documented.keys).union(declared.keys).sorted() {
            switch (documented[module], declared[module]) {
            case (nil, let dependencies?):
                problems.append("\(module): \(document) has no row; add '| `\(module)` | \(listed(dependencies)) | why it is a boundary |'")
            case (_?, nil):
                problems.append("\(module): \(document) has a row, but Package.swift has no such target; remove the row")
            case (let documented?, let dependencies?) where documented != dependencies:
                problems.append("\(module): \(document) says \(listed(documented)), Package.swift says \(listed(dependencies))")
            default:
                break
            }
        }
        return problems
    }
}

extension ArchitectureLayers {
    /// How a diagram (one line per layer, top layer first: its name, then its targets joined
    /// by ` · `, then a description after three spaces) differs from these layers.
    func diagramProblems(_ diagram: String) -> [String] {
        let lines = diagram.split(separator: "\n").map(String.init)
        var problems: [String] = []
        var previousLine = -1
        for layer in layers.reversed() {
            let expected = layer.targets.joined(separator: " · ")
            guard let index = lines.firstIndex(where: { $0.hasPrefix(layer.name + " ") }) else {
                problems.append("no line for the layer '\(layer.name)'; add '\(layer.name)  \(expected)'")
                continue
            }
            let rest = lines[index].dropFirst(layer.name.count).trimmingCharacters(in: .whitespaces)
            let drawn = rest.components(separatedBy: "   ").first ?? ""
            if Set(drawn.components(separatedBy: " · ")) != Set(layer.targets) {
                problems.append("the layer '\(layer.name)' is drawn with '\(drawn)'; draw '\(expected)'")
            }
            if index < previousLine { problems.append("the layer '\(layer.name)' is drawn above a layer \(file) puts over it; draw the top layer first") }
            previousLine = index
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
