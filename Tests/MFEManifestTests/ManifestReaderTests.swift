import Foundation
import MFECore
import Testing

@testable import MFEManifest

/// Reads `body` (everything after the tools-version line) as `/p/Package.swift`.
func readManifest(_ body: String, toolsVersion: String = "6.0") throws -> PackageManifest {
    try ManifestReader(environment: [:]).read(source: "// swift-tools-version: \(toolsVersion)\nimport PackageDescription\n\n" + body, manifestPath: "/p/Package.swift")
}

/// The error reading `body` throws, nil when it reads.
func readingError(_ body: String, toolsVersion: String = "6.0") -> (any Error)? {
    do {
        _ = try readManifest(body, toolsVersion: toolsVersion)
        return nil
    } catch {
        return error
    }
}

/// The line of `/p/Package.swift` an error of the manifest reader points at; nil for any
/// other file.
func errorLine(_ error: (any Error)?) -> Int? {
    let location = (error as? ManifestRefusal)?.location ?? (error as? any LocatedError)?.location
    return location?.file == "/p/Package.swift" ? location?.line : nil
}

@Suite("manifest reader: the plain literal form")
struct ManifestReaderLiteralTests {
    let source = """
        let package = Package(
            name: "Feature",
            platforms: [.macOS(.v13), .iOS(.v16)],
            products: [
                .library(name: "Feature", targets: ["Feature"]),
                .library(name: "FeatureDynamic", type: .dynamic, targets: ["Feature"]),
                .executable(name: "tool", targets: ["Tool"]),
            ],
            dependencies: [
                .package(path: "../Env"),
                .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
            ],
            targets: [
                .target(
                    name: "Feature",
                    dependencies: [
                        "FeatureInterface",
                        .product(name: "Logging", package: "swift-log"),
                        .target(name: "Env"),
                    ],
                    path: "Sources/Feature",
                    exclude: ["README.md"],
                    swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
                ),
                .target(name: "FeatureInterface"),
                .executableTarget(name: "Tool", dependencies: ["Feature"]),
                .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    @Test func readsNameTargetsDependenciesAndProducts() throws {
        let manifest = try readManifest(source)
        #expect(manifest.name == "Feature")
        #expect(manifest.toolsVersion == ToolsVersion(6, 0))
        #expect(manifest.targets.map(\.name) == ["Feature", "FeatureInterface", "Tool", "FeatureTests"])
        #expect(manifest.targets.map(\.kind) == [.regular, .regular, .executable, .test])
        #expect(manifest.targets[0].dependencies.map(\.kind) == [.byName("FeatureInterface"), .product(name: "Logging", package: "swift-log"), .target("Env")])
        #expect(manifest.targets[0].path == "Sources/Feature")
        #expect(manifest.targets[0].exclude == ["README.md"])
        #expect(
            manifest.dependencies.map(\.kind) == [
                .fileSystem(path: "../Env"),
                .sourceControl(url: "https://github.com/apple/swift-log.git", requirement: .range(lowerBound: Version(1, 5, 0), upperBound: Version(2, 0, 0))),
            ])
        #expect(manifest.dependencies.map(\.identity) == ["env", "swift-log"])
        #expect(manifest.products.map(\.kind) == [.library, .dynamicLibrary, .executable])
        #expect(manifest.products[2].targets == ["Tool"])
    }

    @Test func locatesEveryDeclaration() throws {
        let manifest = try readManifest(source)
        // Three header lines come before `source`.
        #expect(manifest.location == SourceLocation(file: "/p/Package.swift", line: 4, column: 15))
        #expect(manifest.targets[0].location == SourceLocation(file: "/p/Package.swift", line: 17, column: 9))
        #expect(manifest.targets[0].dependencies.map(\.location.line) == [20, 21, 22])
        #expect(manifest.targets[0].dependencies[0].location.column == 17)
        #expect(manifest.dependencies[1].location == SourceLocation(file: "/p/Package.swift", line: 14, column: 9))
        #expect(manifest.products[0].location.line == 8)
    }

    @Test func argumentsMayComeInAnyOrderAndEveryPackageLabelIsAccepted() throws {
        let manifest = try readManifest(
            """
            let package = Package(
                targets: [.target(name: "A")],
                name: "Odd",
                defaultLocalization: "en",
                pkgConfig: "x",
                providers: [.apt(["libx"])],
                swiftLanguageVersions: [.v5],
                cLanguageStandard: .c11,
                cxxLanguageStandard: .cxx17,
                traits: [.default(enabledTraits: [])],
                dependencies: []
            )
            """)
        #expect(manifest.name == "Odd")
        #expect(manifest.targets.map(\.name) == ["A"])
    }

    @Test(arguments: [
        (".target(name: \"X\")", Target.Kind.regular), (".executableTarget(name: \"X\")", .executable),
        (".testTarget(name: \"X\")", .test), (".macro(name: \"X\")", .macro),
        (".plugin(name: \"X\", capability: .buildTool())", .plugin),
        (".systemLibrary(name: \"X\", pkgConfig: \"x\", providers: [.brew([\"x\"])])", .system),
        (".binaryTarget(name: \"X\", url: \"https://x/X.zip\", checksum: \"abc\")", .binary),
        ("Target.target(name: \"X\")", .regular), ("PackageDescription.Target.testTarget(name: \"X\")", .test),
    ])
    func readsEveryTargetKind(declaration: String, kind: Target.Kind) throws {
        let manifest = try readManifest("let package = Package(name: \"P\", targets: [\(declaration)])")
        #expect(manifest.targets.map(\.kind) == [kind])
        #expect(manifest.targets.map(\.name) == ["X"])
    }

    @Test func capturesPathExcludeAndSources() throws {
        let manifest = try readManifest(
            """
            let package = Package(name: "P", targets: [
                .binaryTarget(name: "B", path: "B.xcframework"),
                .target(name: "T", path: nil, exclude: ["a", "b"], sources: ["x.swift"], resources: [.process("R")]),
            ])
            """)
        #expect(manifest.targets[0].path == "B.xcframework")
        #expect(manifest.targets[1].path == nil)
        #expect(manifest.targets[1].exclude == ["a", "b"])
        #expect(manifest.targets[1].sources == ["x.swift"])
    }
}

@Suite("manifest reader: target dependencies")
struct ManifestReaderTargetDependencyTests {
    @Test(arguments: [
        ("\"Core\"", TargetDependency.Kind.byName("Core")),
        (".target(name: \"Core\")", .target("Core")),
        (".product(name: \"Logging\", package: \"swift-log\")", .product(name: "Logging", package: "swift-log")),
        (".product(name: \"Logging\", package: \"swift-log\", moduleAliases: [\"Logging\": \"L\"])", .product(name: "Logging", package: "swift-log")),
        (".product(name: \"Logging\")", .product(name: "Logging", package: nil)),
        (".byName(name: \"Core\")", .byName("Core")),
        (".byNameItem(name: \"Core\", condition: nil)", .byName("Core")),
        ("Target.Dependency.target(name: \"Core\")", .target("Core")),
    ])
    func readsEveryForm(entry: String, kind: TargetDependency.Kind) throws {
        let manifest = try readManifest("let package = Package(name: \"P\", targets: [.target(name: \"A\", dependencies: [\(entry)])])")
        #expect(manifest.targets[0].dependencies.map(\.kind) == [kind])
    }

    @Test func readsPlatformAndTraitConditions() throws {
        let manifest = try readManifest(
            """
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: [
                .target(name: "B", condition: .when(platforms: [.linux, .macOS, .iOS, .macCatalyst, .custom("plan9")])),
                .product(name: "C", package: "c", condition: .when(platforms: [.visionOS], traits: ["Fast"])),
                .byName(name: "D", condition: .when(traits: ["Slow"])),
                "E",
            ])])
            """)
        let dependencies = manifest.targets[0].dependencies
        #expect(dependencies[0].platforms == ["linux", "macos", "ios", "maccatalyst", "plan9"])
        #expect(dependencies[1].platforms == ["visionos"])
        #expect(dependencies[1].traits == ["Fast"])
        #expect(dependencies[2].platforms == nil)
        #expect(dependencies[2].traits == ["Slow"])
        #expect(dependencies[3].platforms == nil && dependencies[3].traits == nil)
    }
}

@Suite("manifest reader: package dependencies")
struct ManifestReaderPackageDependencyTests {
    static let url = "https://github.com/o/Repo.git"

    @Test(arguments: [
        ("from: \"1.2.3\"", Requirement.range(lowerBound: Version(1, 2, 3), upperBound: Version(2, 0, 0))),
        ("\"1.0.0\"..<\"1.5.0\"", .range(lowerBound: Version(1, 0, 0), upperBound: Version(1, 5, 0))),
        ("\"1.0.0\"...\"1.5.0\"", .range(lowerBound: Version(1, 0, 0), upperBound: Version(1, 5, 1))),
        (".upToNextMajor(from: \"1.2.3\")", .range(lowerBound: Version(1, 2, 3), upperBound: Version(2, 0, 0))),
        (".upToNextMinor(from: \"1.2.3\")", .range(lowerBound: Version(1, 2, 3), upperBound: Version(1, 3, 0))),
        ("exact: \"1.2.3\"", .exact(Version(1, 2, 3))),
        (".exact(\"1.2.3\")", .exact(Version(1, 2, 3))),
        ("branch: \"main\"", .branch("main")),
        (".branch(\"main\")", .branch("main")),
        ("revision: \"abc123\"", .revision("abc123")),
        (".revision(\"abc123\")", .revision("abc123")),
        ("from: Version(1, 2, 3)", .range(lowerBound: Version(1, 2, 3), upperBound: Version(2, 0, 0))),
        ("Version(1, 0, 0)..<Version(2, 0, 0, prereleaseIdentifiers: [\"beta\"])", .range(lowerBound: Version(1, 0, 0), upperBound: Version(2, 0, 0, prereleaseIdentifiers: ["beta"]))),
        ("from: \"2.0.0-beta.1\", traits: [\"Fast\"]", .range(lowerBound: Version(2, 0, 0, prereleaseIdentifiers: ["beta", "1"]), upperBound: Version(3, 0, 0))),
    ])
    func readsEveryRequirementForm(requirement: String, expected: Requirement) throws {
        let manifest = try readManifest("let package = Package(name: \"P\", dependencies: [.package(url: \"\(Self.url)\", \(requirement))])")
        #expect(manifest.dependencies.map(\.kind) == [.sourceControl(url: Self.url, requirement: expected)])
    }

    @Test func readsNamesPathsAndRegistryIdentifiers() throws {
        let manifest = try readManifest(
            """
            let package = Package(name: "P", dependencies: [
                .package(name: "Env", path: "../Foundation/Env/"),
                .package(name: "Old", url: "https://github.com/o/old-name.git", from: "1.0.0"),
                .package(id: "Scope.Name", exact: "1.0.0"),
                Package.Dependency.package(path: "Local"),
            ])
            """)
        #expect(manifest.dependencies.map(\.explicitName) == ["Env", "Old", nil, nil])
        #expect(manifest.dependencies.map(\.identity) == ["env", "old-name", "scope.name", "local"])
        #expect(manifest.dependencies[2].kind == .registry(id: "Scope.Name", requirement: .exact(Version(1, 0, 0))))
    }

    @Test func anInvalidVersionIsALocatedError() {
        let error = readingError("let package = Package(name: \"P\", dependencies: [.package(url: \"https://x/y\", from: \"1.0\")])")
        guard case .invalidVersion("1.0", _)? = error as? ManifestError else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(errorLine(error) == 4)
    }
}

@Suite("manifest reader: package identity")
struct ManifestPackageIdentityTests {
    @Test(arguments: [
        ("https://github.com/apple/swift-log.git", "swift-log"),
        ("https://github.com/apple/swift-log", "swift-log"),
        ("https://github.com/apple/swift-log/", "swift-log"),
        ("https://github.com/Apple/Swift-Log.git", "swift-log"),
        ("git@github.com:apple/swift-log.git", "swift-log"),
        ("ssh://git@github.com/apple/swift-log.git", "swift-log"),
        ("../Env", "env"),
        ("/abs/path/Env/", "env"),
        ("https://example.com/Thing.GIT", "thing.git"),
        ("git@host:Thing.git", "git@host:thing"),
        ("file:///tmp/Repo.git", "repo"),
    ])
    func followsSwiftPM(location: String, identity: String) {
        #expect(PackageIdentity.identity(forLocation: location) == identity)
    }
}

@Suite("manifest reader: identity of local packages, module aliases and traits")
struct ManifestReaderIdentityAndTraitsTests {
    @Test(arguments: [
        (".package(path: \"..\")", "work"),
        (".package(path: \"../\")", "work"),
        (".package(path: \".\")", "p"),
        (".package(path: \"../../Other.git\")", "other"),
        (".package(url: \"../Sibling\", from: \"1.0.0\")", "sibling"),
        (".package(url: \"vendor/Lib\", branch: \"main\")", "lib"),
        (".package(url: \"file:///srv/git/Remote.git\", from: \"1.0.0\")", "remote"),
        (".package(url: \"git@github.com:o/Scp.git\", from: \"1.0.0\")", "scp"),
        (".package(id: \"mona.LinkedList\", from: \"1.0.0\")", "mona.linkedlist"),
    ])
    func identityIsSwiftPMs(entry: String, identity: String) throws {
        let manifest = try ManifestReader(environment: [:]).read(
            source: "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"P\", dependencies: [\(entry)])\n",
            manifestPath: "/srv/work/p/Package.swift"
        )
        #expect(manifest.dependencies.map(\.identity) == [identity])
    }

    /// The folder is the file system's working directory (`PathOrigin`): the process's on the
    /// real disk, the one a test names elsewhere.
    @Test func aDotDotDependencyOfARelativelyNamedPackageUsesTheAbsoluteFolder() {
        let location = SourceLocation(file: "Package.swift", line: 1, column: 1)
        let dependency = PackageDependency(.fileSystem(path: ".."), location: location, origin: PathOrigin(LocalFileSystem()))
        let parent = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().lastPathComponent.lowercased()
        #expect(dependency.identity == parent)
        let elsewhere = PackageDependency(.fileSystem(path: ".."), location: location, origin: PathOrigin(currentDirectory: "/srv/Work/Tools", homeDirectory: nil))
        #expect(elsewhere.identity == "work")
        let home = PackageDependency(.fileSystem(path: "~/Code/Env"), location: location, origin: PathOrigin(currentDirectory: "/srv", homeDirectory: "/home/me"))
        #expect(PackageIdentity.resolvedLocation("~/Code/Env", relativeTo: ".", origin: PathOrigin(currentDirectory: "/srv", homeDirectory: "/home/me")) == "/home/me/Code/Env")
        #expect(home.identity == "env")
    }

    @Test func keepsModuleAliasesAndTraits() throws {
        let manifest = try readManifest(
            """
            let package = Package(
                name: "P",
                traits: [.default(enabledTraits: ["Fast"]), "Fast", .trait(name: "Slow", description: "the slow path", enabledTraits: ["Fast"])],
                dependencies: [
                    .package(url: "https://github.com/o/a", from: "1.0.0", traits: ["X", .trait(name: "Y", condition: .when(traits: ["Slow"])), .defaults]),
                    .package(path: "../b"),
                ],
                targets: [.target(name: "A", dependencies: [
                    .product(name: "Logging", package: "a", moduleAliases: ["Logging": "ALogging"]),
                    .product(name: "B", package: "b", condition: .when(traits: ["Slow"])),
                ])]
            )
            """)
        #expect(
            manifest.traits == [
                PackageTrait(name: "Fast"), PackageTrait(name: "Slow", description: "the slow path", enabledTraits: ["Fast"]),
                PackageTrait(name: "default", description: "The default traits of this package.", enabledTraits: ["Fast"]),
            ])
        #expect(manifest.dependencies[0].traits == [.init(name: "X"), .init(name: "Y", condition: ["Slow"]), .defaults])
        #expect(manifest.dependencies[1].traits == [.defaults])
        #expect(manifest.targets[0].dependencies[0].moduleAliases == ["Logging": "ALogging"])
        #expect(manifest.targets[0].dependencies[1].moduleAliases == nil)
        #expect(manifest.targets[0].dependencies[1].traits == ["Slow"])
    }
}
