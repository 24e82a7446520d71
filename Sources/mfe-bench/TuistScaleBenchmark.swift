import Foundation
import MFEKit

/// `mfe-bench tuist-scale`: `mfe lint-graph` on a generated Tuist µFeature workspace of 200
/// `Project.swift` files made by `Tuist/ProjectDescriptionHelpers` (`Project.feature(…)`, five
/// targets each: interface, implementation, testing, tests, example), with external packages
/// through `Tuist/Package.swift`: the helpers are parsed once for the workspace, each manifest
/// evaluated after them. `MFE_BENCH_KEEP=1` keeps the workspace and prints where it is.
enum TuistScaleBenchmark: Benchmark {
    static let name = "tuist-scale"
    static let summary = "mfe lint-graph on 200 Tuist Project.swift files made by helpers (5 targets each, externals through Tuist/Package.swift)"

    static let coreCount = 40
    static let featureCount = 159

    static func run() async throws {
        let root = disk.temporaryPath("mfe-bench-tuist-\(UUID().uuidString)")
        let keep = ProcessInfo.processInfo.environment["MFE_BENCH_KEEP"] == "1"
        defer { if !keep { try? disk.remove(root) } }
        if keep { print("(workspace kept at \(root))\n") }
        try generateWorkspace(at: root)

        let clock = ContinuousClock()
        let service = LintGraphService(environment: ServiceEnvironment())
        var linted: LintReport?
        let pipelineTime = try await clock.measure {
            linted = try await service.lint(LintGraphService.Request(path: root, format: .json)).report
        }
        guard let summary = linted?.summary else { return }
        let projects = coreCount + featureCount + 1
        guard summary.packages == projects, summary.targets == 5 * (projects - 1) + 1 else {
            throw PlainInputError("the generated workspace reads as \(summary.packages) projects and \(summary.targets) targets, expected \(projects) and \(5 * (projects - 1) + 1)")
        }
        let loadTime = try await clock.measure { _ = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: ProcessState.environment)).load(at: root) }
        print("| measure | time |\n|---|---|")
        print(
            "| `mfe lint-graph` on \(projects) Tuist projects / \(summary.targets.formatted()) targets / \(summary.dependencies.formatted()) dependencies (load + lint + render, in process) | \(LintBenchmark.format(pipelineTime)) |"
        )
        print("| — load: find the projects, parse the helpers once, evaluate every Project.swift | \(LintBenchmark.format(loadTime)) |")
        print("\nseconds: \(String(format: "%.3f", LintBenchmark.seconds(pipelineTime)))")
    }

    /// The module names: foundation modules first, then features (each may use the ones
    /// before it), then the app.
    static func core(_ index: Int) -> String { "Core\(index)" }
    static func feature(_ index: Int) -> String { "Feature\(index)" }

    /// Writes the workspace: helpers, `Tuist/Package.swift`, `mfe.yml`, the projects and one
    /// source file per target folder.
    static func generateWorkspace(at root: String) throws {
        let helpers = #"""
            import ProjectDescription

            public enum Layer: String {
                case core = "Core"
                case features = "Features"
            }

            extension TargetDependency {
                /// The implementation of a module of the workspace.
                public static func module(_ name: String, in layer: Layer) -> TargetDependency {
                    .project(target: name, path: .relativeToRoot("Projects/\(layer.rawValue)/\(name)"))
                }

                /// The interface of a module of the workspace.
                public static func interface(_ name: String, in layer: Layer) -> TargetDependency {
                    .project(target: "\(name)Interface", path: .relativeToRoot("Projects/\(layer.rawValue)/\(name)"))
                }
            }

            extension Project {
                /// A µFeature: interface, implementation, testing, tests and example targets.
                public static func feature(
                    name: String,
                    dependencies: [TargetDependency] = [],
                    externals: [String] = []
                ) -> Project {
                    let interface = Target.target(
                        name: "\(name)Interface", destinations: .iOS, product: .framework, bundleId: "com.acme.\(name)Interface",
                        sources: ["Interface/**"])
                    let implementation = Target.target(
                        name: name, destinations: .iOS, product: .framework, bundleId: "com.acme.\(name)", sources: ["Sources/**"],
                        dependencies: [.target(name: "\(name)Interface")] + dependencies + externals.map { .external(name: $0) })
                    let testing = Target.target(
                        name: "\(name)Testing", destinations: .iOS, product: .framework, bundleId: "com.acme.\(name)Testing",
                        sources: ["Testing/**"], dependencies: [.target(name: "\(name)Interface")])
                    let tests = Target.target(
                        name: "\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "com.acme.\(name)Tests", sources: ["Tests/**"],
                        dependencies: [.target(name: name), .target(name: "\(name)Testing")])
                    let example = Target.target(
                        name: "\(name)Example", destinations: .iOS, product: .app, bundleId: "com.acme.\(name)Example", sources: ["Example/**"],
                        dependencies: [.target(name: name)])
                    return Project(name: name, targets: [interface, implementation, testing, tests, example])
                }
            }

            """#
        try disk.write(helpers, to: PathUtilities.join(root, "Tuist/ProjectDescriptionHelpers/Project+Feature.swift"))
        try disk.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Dependencies",
                dependencies: [
                    .package(url: "https://github.com/Alamofire/Alamofire", from: "5.9.0"),
                    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.10.0"),
                ]
            )

            """, to: PathUtilities.join(root, "Tuist/Package.swift"))
        var coreNames: [String] = []
        for index in 0..<coreCount {
            let name = core(index)
            coreNames.append(name)
            let uses = stride(from: max(0, index - 2), to: index, by: 1).map { ".interface(\"\(core($0))\", in: .core)" }
            try writeProject(name, folder: "Projects/Core/\(name)", dependencies: uses, externals: index % 4 == 0 ? ["Alamofire"] : [], root: root)
        }
        var featureNames: [String] = []
        for index in 0..<featureCount {
            let name = feature(index)
            featureNames.append(name)
            var uses = [index % coreCount, (index * 7) % coreCount, (index * 13) % coreCount].map { ".interface(\"\(core($0))\", in: .core)" }
            uses += stride(from: max(0, index - 2), to: index, by: 1).map { ".interface(\"\(feature($0))\", in: .features)" }
            try writeProject(name, folder: "Projects/Features/\(name)", dependencies: Array(Set(uses)).sorted(), externals: ["ComposableArchitecture"], root: root)
        }
        let appDependencies = featureNames.map { "            .module(\"\($0)\", in: .features)," }.joined(separator: "\n")
        try disk.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "App",
                targets: [
                    .target(
                        name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app", sources: ["Sources/**"],
                        dependencies: [
            \(appDependencies)
                        ]
                    )
                ]
            )

            """, to: PathUtilities.join(root, "Projects/App/Project.swift"))
        try disk.write("import Feature0\n", to: PathUtilities.join(root, "Projects/App/Sources/App.swift"))
        try disk.write(
            "workspace: Acme\nlayers:\n  foundation: [\(coreNames.joined(separator: ", "))]\n  product: [\(featureNames.joined(separator: ", "))]\n",
            to: PathUtilities.join(root, "mfe.yml"))
    }

    /// One `Project.feature(…)` manifest and a source file in each of its targets' folders.
    static func writeProject(_ name: String, folder: String, dependencies: [String], externals: [String], root: String) throws {
        let list = dependencies.map { "        \($0)," }.joined(separator: "\n")
        let externalList = externals.map { "\"\($0)\"" }.joined(separator: ", ")
        try disk.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature(
                name: "\(name)",
                dependencies: [
            \(list)
                ],
                externals: [\(externalList)]
            )

            """, to: PathUtilities.join(root, PathUtilities.join(folder, "Project.swift")))
        for (sub, file) in [("Interface", "\(name)Interface"), ("Sources", name), ("Testing", "\(name)Testing"), ("Tests", "\(name)Tests"), ("Example", "\(name)Example")] {
            try disk.write("import Foundation\n", to: PathUtilities.join(root, "\(folder)/\(sub)/\(file).swift"))
        }
    }
}
