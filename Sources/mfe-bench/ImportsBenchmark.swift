import Foundation
import MFEKit

/// `mfe lint-graph --imports` on a 5,000-target workspace: 1,000 µFeature packages of five
/// targets (X, XInterface, XTesting, XTests, XExample), three Swift files per target. Measures,
/// in the same run: reading every source byte (the floor), scanning every import with
/// SwiftParser, and the two import rules. Budget: scan + rules ≤ 3 s.
enum ImportsBenchmark: Benchmark {
    static let name = "imports"
    static let summary = "lint-graph --imports: read and parse the sources of 5,000 targets, against reading their bytes"

    static let packageCount = 1_000
    static let filesPerTarget = 3
    static let budgetSeconds = 3.0

    static func run() async throws {
        let root = disk.temporaryPath("mfe-bench-imports-\(UUID().uuidString)")
        defer { try? disk.remove(root) }
        let workspace = try makeWorkspace(at: root)
        let targetCount = workspace.packages.reduce(0) { $0 + $1.manifest.targets.count }

        // Warm the page cache so every measurement reads from memory, as a CI rerun would.
        let (files, bytes) = try await readAllBytes(workspace)

        var readTimes: [Double] = []
        var scanTimes: [Double] = []
        var ruleTimes: [Double] = []
        var findingCount = 0
        for _ in 0..<3 {
            readTimes.append(try await seconds { _ = try await readAllBytes(workspace) })
            var imports: [TargetImports] = []
            scanTimes.append(
                try await seconds {
                    imports = try await WorkspaceImportReader().read(workspace)
                })
            ruleTimes.append(
                try await seconds {
                    let graph = TargetGraph(workspace: workspace)
                    findingCount = ImportRules(graph: graph, workspaceRoot: workspace.root).findings(for: imports).count
                })
        }
        let read = readTimes.min()!
        let scan = scanTimes.min()!
        let rules = ruleTimes.min()!
        let megabytes = Double(bytes) / 1_048_576
        print("\(targetCount) targets, \(files) Swift files, \(String(format: "%.1f", megabytes)) MiB, \(ProcessInfo.processInfo.activeProcessorCount) cores; best of 3\n")
        print("| step | time | vs. reading the bytes |")
        print("|---|---|---|")
        print("| read every source byte (floor) | \(format(read)) | 1.0× |")
        print("| scan imports with SwiftParser | \(format(scan)) | \(String(format: "%.1f", scan / read))× |")
        print("| implicit/unused rules (\(findingCount) findings) | \(format(rules)) | |")
        print("| **--imports total** | **\(format(scan + rules))** | \(String(format: "%.1f", (scan + rules) / read))× |")
        print("\nbudget: ≤ \(format(budgetSeconds)) — \(scan + rules <= budgetSeconds ? "met" : "MISSED")")
    }

    /// Reads every Swift file of every target with the same bounded task group the scanner
    /// uses, without parsing: the cost of the I/O alone.
    static func readAllBytes(_ workspace: Workspace) async throws -> (files: Int, bytes: Int) {
        let finder = TargetSourceFiles()
        var jobs: [(String, Target)] = []
        for package in workspace.packages {
            for target in package.manifest.targets { jobs.append((PathUtilities.join(workspace.root, package.directory), target)) }
        }
        let width = ProcessInfo.processInfo.activeProcessorCount * 2
        return try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            var next = 0
            var files = 0
            var bytes = 0
            func addNext() {
                guard next < jobs.count else { return }
                let (directory, target) = jobs[next]
                next += 1
                group.addTask {
                    let paths = try finder.swiftFiles(of: target, inPackage: directory)
                    var total = 0
                    for path in paths { total += try LocalFileSystem().contents(of: path).count }
                    return (paths.count, total)
                }
            }
            for _ in 0..<width { addNext() }
            while let (count, size) = try await group.next() {
                files += count
                bytes += size
                addNext()
            }
            return (files, bytes)
        }
    }

    /// Writes the packages' sources and returns the workspace as the manifest reader would
    /// load it: Feature N's implementation uses Feature N-1's interface and a shared Env;
    /// every tenth feature leaves a dependency unused and imports one it does not declare.
    static func makeWorkspace(at root: String) throws -> Workspace {
        var packages: [WorkspacePackage] = []
        for index in 0..<packageCount {
            let name = "Feature\(index)"
            let directory = "Features/\(name)"
            let manifestPath = PathUtilities.join(root, directory + "/Package.swift")
            var line = 10
            func entry(_ kind: TargetDependency.Kind) -> TargetDependency {
                line += 1
                return TargetDependency(kind, location: SourceLocation(file: manifestPath, line: line, column: 17))
            }
            let previous = index > 0 ? "Feature\(index - 1)Interface" : nil
            let previousPackage = index > 0 ? "Feature\(index - 1)" : nil
            var sourceDependencies = [entry(.target(name + "Interface"))]
            if let previous, let previousPackage { sourceDependencies.append(entry(.product(name: previous, package: previousPackage))) }
            let targets = [
                Target(name: name, dependencies: sourceDependencies, location: SourceLocation(file: manifestPath, line: 5, column: 9)),
                Target(name: name + "Interface", location: SourceLocation(file: manifestPath, line: 6, column: 9)),
                Target(name: name + "Testing", dependencies: [entry(.target(name + "Interface"))], location: SourceLocation(file: manifestPath, line: 7, column: 9)),
                Target(name: name + "Tests", kind: .test, dependencies: [entry(.target(name)), entry(.target(name + "Testing"))], location: SourceLocation(file: manifestPath, line: 8, column: 9)),
                Target(
                    name: name + "Example", kind: .executable, dependencies: [entry(.target(name)), entry(.target(name + "Testing"))], location: SourceLocation(file: manifestPath, line: 9, column: 9)),
            ]
            let dependencies = previousPackage.map { [PackageDependency(.fileSystem(path: "../\($0)"), location: SourceLocation(file: manifestPath, line: 3, column: 9))] } ?? []
            let products = [Product(name: name + "Interface", kind: .library, targets: [name + "Interface"], location: SourceLocation(file: manifestPath, line: 4, column: 9))]
            let manifest = PackageManifest(name: name, toolsVersion: ToolsVersion(6, 0), dependencies: dependencies, targets: targets, products: products, manifestPath: manifestPath)
            packages.append(WorkspacePackage(manifest: manifest, directory: directory, layer: .product))

            for target in targets {
                var imports = target.dependencies.map { "import \($0.name)" }
                if index % 10 == 0, !imports.isEmpty { imports.removeLast() }
                if index % 10 == 5, target.name == name, index > 1 { imports.append("import Feature\(index - 2)Interface") }
                imports += ["import Foundation", "#if canImport(SwiftUI)\nimport SwiftUI\n#endif"]
                let folder = target.kind == .test ? "Tests" : "Sources"
                for file in 0..<filesPerTarget {
                    try write(source(target: target.name, file: file, imports: imports), to: PathUtilities.join(root, "\(directory)/\(folder)/\(target.name)/\(target.name)\(file).swift"))
                }
            }
        }
        return Workspace(root: root, configuration: nil, packages: packages)
    }

    /// A plausible 80-line source file.
    static func source(target: String, file: Int, imports: [String]) -> String {
        var text = "// \(target)\(file).swift — generated by mfe-bench.\n\n" + imports.joined(separator: "\n") + "\n\n"
        text += """
            /// A model of \(target), part \(file).
            public struct \(target)Model\(file): Sendable, Equatable, Codable {
                public var identifier: String
                public var title: String
                public var subtitle: String?
                public var rating: Double
                public var tags: [String]

                public init(identifier: String, title: String, subtitle: String? = nil, rating: Double = 0, tags: [String] = []) {
                    self.identifier = identifier
                    self.title = title
                    self.subtitle = subtitle
                    self.rating = rating
                    self.tags = tags
                }

                /// Whether the model matches a search query.
                public func matches(_ query: String) -> Bool {
                    guard !query.isEmpty else { return true }
                    let lowered = query.lowercased()
                    return title.lowercased().contains(lowered)
                        || (subtitle?.lowercased().contains(lowered) ?? false)
                        || tags.contains { $0.lowercased() == lowered }
                }
            }

            /// Loads and filters \(target) models.
            public final class \(target)Store\(file): @unchecked Sendable {
                private var models: [String: \(target)Model\(file)] = [:]

                public init() {}

                public func insert(_ model: \(target)Model\(file)) {
                    models[model.identifier] = model
                }

                public func search(_ query: String, minimumRating: Double = 0) -> [\(target)Model\(file)] {
                    models.values
                        .filter { $0.matches(query) && $0.rating >= minimumRating }
                        .sorted { ($0.rating, $0.title) > ($1.rating, $1.title) }
                }

                public var averageRating: Double {
                    guard !models.isEmpty else { return 0 }
                    return models.values.map(\\.rating).reduce(0, +) / Double(models.count)
                }
            }

            extension \(target)Model\(file): CustomStringConvertible {
                public var description: String {
                    let stars = String(repeating: "★", count: Int(rating.rounded()))
                    return "\\(title) \\(stars) [\\(tags.joined(separator: ", "))]"
                }
            }

            """
        return text
    }

    static func write(_ text: String, to path: String) throws {
        try disk.write(text, to: path)
    }

    static func seconds(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let elapsed = try await clock.measure { try await body() }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func format(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }
}
