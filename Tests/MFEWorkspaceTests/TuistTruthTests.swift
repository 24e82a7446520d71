import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

/// The normalisation `mfe-bench tuist-corpus --truth` compares with: mfe's reading of a
/// fixture `Project.swift` against a dump written by hand in the JSON Tuist's own
/// ProjectDescription prints (`--tuist-dump`), so a change to either side that would turn
/// exact readings into wrong ones (or hide wrong ones) fails here.
@Suite("Tuist truth comparison")
struct TuistTruthTests {
    /// A Tuist root with a helper and a feature project using every dependency kind the
    /// graph reads.
    static func corpus() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            import ProjectDescription

            extension TargetDependency {
                public static let core = TargetDependency.project(target: "Core", path: .relativeToRoot("Projects/Core"), condition: .when([.ios]))
            }
            """,
            to: "acme+shop/Tuist/ProjectDescriptionHelpers/Dependencies.swift"
        )
        try directory.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Feature",
                targets: [
                    .target(
                        name: "Feature",
                        destinations: [.iPhone, .iPad],
                        product: .staticFramework,
                        bundleId: "com.acme.feature",
                        dependencies: [
                            .core,
                            .project(target: "UI", path: "../UI"),
                            .external(name: "Alamofire"),
                            .package(product: "Nuke"),
                            .sdk(name: "UIKit", type: .framework),
                            .xcframework(path: .relativeToRoot("Vendor/Pay.xcframework")),
                            .target(name: "FeatureInterface"),
                        ]
                    ),
                    .target(name: "FeatureInterface", destinations: .iOS, product: .framework, bundleId: "com.acme.feature.interface"),
                    .target(name: "FeatureTests", destinations: .iOS, product: .unitTests, bundleId: "com.acme.feature.tests", dependencies: [.target(name: "Feature"), .xctest]),
                ]
            )
            """,
            to: "acme+shop/Projects/Feature/Project.swift"
        )
        return directory
    }

    /// What Tuist 4's ProjectDescription prints for the fixture (keys in its own order,
    /// `unit_tests` as its raw value, paths unresolved).
    static let dump = """
        {"name":"Feature","options":{},"packages":[],"schemes":[],"targets":[
          {"name":"Feature","product":"staticFramework","bundleId":"com.acme.feature","destinations":["iPhone","iPad"],"dependencies":[
            {"project":{"target":"Core","status":"required","path":{"type":"relativeToRoot","pathString":"Projects/Core"},"condition":{"platformFilters":[{"ios":{}}]}}},
            {"project":{"target":"UI","status":"required","path":{"type":"relativeToManifest","pathString":"../UI"}}},
            {"external":{"name":"Alamofire"}},
            {"package":{"product":"Nuke","type":"runtime"}},
            {"sdk":{"name":"UIKit","type":"framework","status":"required"}},
            {"xcframework":{"path":{"type":"relativeToRoot","pathString":"Vendor/Pay.xcframework"},"status":"required"}},
            {"target":{"name":"FeatureInterface","status":"required"}}]},
          {"name":"FeatureInterface","product":"framework","bundleId":"com.acme.feature.interface","destinations":["iPhone","iPad","macWithiPadDesign"],"dependencies":[]},
          {"name":"FeatureTests","product":"unit_tests","bundleId":"com.acme.feature.tests","destinations":["iPhone","iPad","macWithiPadDesign"],"dependencies":[
            {"xctest":{}},{"target":{"name":"Feature","status":"required"}}]}]}
        """

    @Test func theDumpNormalisesToWhatMfeReads() throws {
        let directory = try Self.corpus()
        let repository = PathUtilities.join(directory.path, "acme+shop")
        let manifest = PathUtilities.join(repository, "Projects/Feature/Project.swift")
        let fileSystem = LocalFileSystem()
        let root = TuistTruth.root(of: manifest, boundary: repository, fileSystem: fileSystem)
        #expect(root == repository)

        let tuist = try TuistTruth.project(dump: Data(Self.dump.utf8), manifest: manifest, root: root)
        let feature = try #require(tuist.targets.first)
        #expect(
            feature.dependencies.map { $0.text(relativeTo: repository) } == [
                "project(Core at Projects/Core) when [ios]", "project(UI at Projects/UI)", "external(Alamofire)", "package(Nuke)", "sdk(UIKit)",
                "xcframework(Vendor/Pay.xcframework)", "target(FeatureInterface)",
            ])
        #expect(tuist.targets.map(\.product) == ["staticFramework", "framework", "unitTests"])

        let definition = try WorkspaceLoader.readTuistDefinition(at: manifest, workspaceRoot: repository, fileSystem: fileSystem, environment: [:])
        let mfe = TuistTruth.project(definition)
        #expect(TuistTruth.firstDifference(mfe: mfe, tuist: tuist, relativeTo: repository) == nil)
    }

    @Test func aDifferingPathIsTheFirstDifference() throws {
        let directory = try Self.corpus()
        let repository = PathUtilities.join(directory.path, "acme+shop")
        let manifest = PathUtilities.join(repository, "Projects/Feature/Project.swift")
        let moved = Self.dump.replacingOccurrences(of: "\"pathString\":\"Projects/Core\"", with: "\"pathString\":\"Projects/Kit/Core\"")
        let tuist = try TuistTruth.project(dump: Data(moved.utf8), manifest: manifest, root: repository)
        let mfe = TuistTruth.project(try WorkspaceLoader.readTuistDefinition(at: manifest, workspaceRoot: repository, fileSystem: LocalFileSystem(), environment: [:]))
        let difference = try #require(TuistTruth.firstDifference(mfe: mfe, tuist: tuist, relativeTo: repository))
        #expect(difference.hasPrefix("'Feature' dependencies: mfe lacks [project(Core at Projects/Kit/Core) when [ios]] and has [project(Core at Projects/Core) when [ios]]"))
    }

    @Test func targetOrderIsNoDifferenceButAMissingTargetIs() {
        let a = TuistTruth.Target(name: "A", product: "framework")
        let b = TuistTruth.Target(name: "B", product: "app", dependencies: [TuistTruth.Dependency(kind: "target", name: "A")])
        let mfe = TuistTruth.Project(name: "P", targets: [a, b])
        #expect(TuistTruth.firstDifference(mfe: mfe, tuist: TuistTruth.Project(name: "P", targets: [b, a]), relativeTo: "/") == nil)
        #expect(TuistTruth.firstDifference(mfe: mfe, tuist: TuistTruth.Project(name: "P", targets: [a]), relativeTo: "/") == "targets: mfe lacks [] and has [B] Tuist does not")
        #expect(TuistTruth.caseName("sticker_pack_extension") == "stickerPackExtension")
    }

    @Test func theCorpusComparisonGivesEachVerdict() throws {
        let directory = try Self.corpus()
        let truth = try TemporaryDirectory()
        try truth.write(Self.dump, to: "acme+shop/Projects/Feature/Project.swift.json")
        try directory.write("import ProjectDescription\nlet project = Project(name: \"Other\", targets: [])\n", to: "acme+shop/Projects/Other/Project.swift")
        try directory.write(
            "import ProjectDescription\nimport Foundation\nlet project = Project(name: ProcessInfo.processInfo.environment[\"NAME\"]!, targets: [])\n",
            to: "acme+shop/Projects/Dynamic/Project.swift"
        )
        try truth.write(#"{"name":"Dynamic","targets":[]}"#, to: "acme+shop/Projects/Dynamic/Project.swift.json")
        try directory.write("import ProjectDescription\nlet project = Project(name: \"Renamed\", targets: [])\n", to: "acme+shop/Projects/Renamed/Project.swift")
        try truth.write(#"{"name":"Named","targets":[]}"#, to: "acme+shop/Projects/Renamed/Project.swift.json")

        let comparisons = TuistCorpus.compare(root: directory.path, truth: truth.path)
        #expect(
            comparisons.map(\.path) == [
                "acme+shop/Projects/Dynamic/Project.swift", "acme+shop/Projects/Feature/Project.swift", "acme+shop/Projects/Other/Project.swift",
                "acme+shop/Projects/Renamed/Project.swift",
            ])
        #expect(comparisons.map(\.verdict) == [.refused, .exact, .noTruth, .wrong])
        #expect(comparisons.last?.detail == "project name: mfe 'Renamed', Tuist 'Named'")
        #expect(comparisons.allSatisfy { $0.repository == "acme+shop" })
    }
}
