import Foundation
import MFECore
import Testing

@testable import MFEManifest

@Suite("manifest reader: constants, appends and #if")
struct ManifestReaderEvaluationTests {
    @Test func readsTopLevelConstantsAnywhere() throws {
        let manifest = try readManifest(
            """
            let name = "Feature"
            let interface = name + "Interface"
            let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
            let shared: [Target.Dependency] = [logging, "\\(interface)"]
            let log = Package.Dependency.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0")
            let version = Version(2, 0, 0)
            let core = Target.target(name: name, dependencies: shared + ["Extra"])
            let platforms: [Platform] = [.linux]
            let package = Package(
                name: name,
                products: [.library(name: name, targets: [name, interface])],
                dependencies: [log, .package(url: "https://github.com/o/x", from: version)],
                targets: [core, .target(name: interface, dependencies: [.target(name: "C", condition: .when(platforms: platforms))])]
            )
            """)
        #expect(manifest.name == "Feature")
        #expect(manifest.targets.map(\.name) == ["Feature", "FeatureInterface"])
        #expect(
            manifest.targets[0].dependencies.map(\.kind) == [
                .product(name: "Logging", package: "swift-log"), .byName("FeatureInterface"), .byName("Extra"),
            ])
        #expect(manifest.targets[1].dependencies[0].platforms == ["linux"])
        #expect(manifest.products[0].targets == ["Feature", "FeatureInterface"])
        #expect(manifest.dependencies.map(\.identity) == ["swift-log", "x"])
        // A dependency held in a constant of its own is located at the list entry naming it.
        #expect(manifest.targets[0].dependencies[0].location.line == 7)
        #expect(manifest.targets[0].dependencies[1].location.line == 7)
        #expect(manifest.targets[0].dependencies[2].location.line == 10)
    }

    @Test func foldsAppendsAndPlusEqualsInStatementOrder() throws {
        let manifest = try readManifest(
            """
            var targets: [Target] = [.target(name: "A")]
            targets.append(.target(name: "B"))
            targets += [.target(name: "C")]
            var dependencies = [Package.Dependency]()
            dependencies.append(contentsOf: [.package(path: "../D")])
            let package = Package(name: "P", dependencies: dependencies, targets: targets)
            targets.append(.target(name: "NotInPackage"))
            package.targets.append(.testTarget(name: "ATests", dependencies: ["A"]))
            package.targets += [.executableTarget(name: "E")]
            package.dependencies.append(.package(path: "../F"))
            package.products = [.library(name: "A", targets: ["A"])]
            package.platforms = [.macOS(.v13)]
            package.swiftLanguageModes = [.v6]
            """)
        #expect(manifest.targets.map(\.name) == ["A", "B", "C", "ATests", "E"])
        #expect(manifest.dependencies.map(\.identity) == ["d", "f"])
        #expect(manifest.products.map(\.name) == ["A"])
        #expect(manifest.targets[3].location.line == 11)
    }

    @Test func evaluatesIfConfigForTheHostAtStatementLevel() throws {
        let manifest = try readManifest(
            """
            var dependencies: [Target.Dependency] = ["Core"]
            #if os(Linux)
            dependencies.append("LinuxOnly")
            #elseif os(macOS)
            dependencies.append("MacOnly")
            #else
            dependencies.append("Elsewhere")
            #endif
            #if canImport(SwiftUI)
            let ui = true
            #endif
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: dependencies)])
            #if compiler(>=6.0) && !os(Windows)
            package.targets.append(.target(name: "Modern"))
            #endif
            #if swift(>=99)
            package.targets.append(.target(name: "Future"))
            #endif
            """)
        #if os(Linux)
            #expect(manifest.targets[0].dependencies.map(\.name) == ["Core", "LinuxOnly"])
        #elseif os(macOS)
            #expect(manifest.targets[0].dependencies.map(\.name) == ["Core", "MacOnly"])
        #endif
        #expect(manifest.targets.map(\.name) == ["A", "Modern"])
    }

    @Test func anIfConfigInsideAnArrayLiteralIsTheCompilersSyntaxError() {
        let error = readingError(
            """
            let package = Package(name: "P", dependencies: [
                .package(path: "../A"),
                #if os(Linux)
                .package(path: "../B"),
                #endif
            ])
            """)
        guard case .syntaxError? = error as? ManifestError else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(errorLine(error) == 6)
    }

    @Test func settingsOnlyLoopsAndConditionsLeaveTheGraphReadable() throws {
        let manifest = try readManifest(
            """
            import Foundation
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])
            for target in package.targets where target.type != .plugin {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                target.swiftSettings = settings
            }
            package.targets.forEach { $0.swiftSettings = [.swiftLanguageMode(.v6)] }
            if ProcessInfo.processInfo.environment["CI"] != nil {
                package.platforms = [.macOS(.v14)]
                for target in package.targets { target.linkerSettings = [] }
            }
            func settings() -> [SwiftSetting] { [] }
            var unused = settings()
            """)
        #expect(manifest.targets.map(\.name) == ["A", "ATests"])
    }

    @Test func evaluatesDeclarativeClosuresCalledInPlace() throws {
        let manifest = try readManifest(
            """
            let prefix = "Nimble"
            let package = Package(
                name: "P",
                products: [.library(name: "L", targets: {
                    var targets: [String] = [prefix]
                    #if os(Linux) || os(macOS)
                    targets.append(prefix + "Extra")
                    #endif
                    return targets
                }())],
                targets: {
                    let helpers: [Target.Dependency] = [.target(name: prefix)]
                    var targets: [Target] = [.target(name: prefix), .testTarget(name: "Tests", dependencies: helpers)]
                    targets += [.target(name: { "Computed" }())]
                    return targets
                }()
            )
            """)
        #expect(manifest.products[0].targets == ["Nimble", "NimbleExtra"])
        #expect(manifest.targets.map(\.name) == ["Nimble", "Tests", "Computed"])
        #expect(manifest.targets[1].dependencies.map(\.kind) == [.target("Nimble")])
        #expect(manifest.targets[1].location.line == 16)
    }

    @Test func aConstantDeclaredWithoutValueIsInitialisedByItsFirstAssignment() throws {
        let manifest = try readManifest(
            """
            let products: [Product]
            products = [.library(name: "L", targets: ["A"])]
            let package = Package(name: "P", products: products, targets: [.target(name: "A")])
            """)
        #expect(manifest.products.map(\.name) == ["L"])
    }

    @Test func aPackageConstantWithAnotherNameIsRead() throws {
        let manifest = try readManifest(
            """
            let pkg = Package(name: "Version", targets: [.target(name: "Version")])
            pkg.targets.append(.testTarget(name: "Tests", dependencies: ["Version"]))
            """)
        #expect(manifest.targets.map(\.name) == ["Version", "Tests"])
    }
}

/// What needs the objects of PackageDescription and the rest of Swift: changes made through
/// any reference to a target, functions taking the package, the last `Package` created, the
/// manifest's own operators.
@Suite("manifest reader: objects and code")
struct ManifestReaderObjectTests {
    @Test func changesThroughAnyReferenceToATargetAreFollowed() throws {
        let manifest = try readManifest(
            """
            let core = Target.target(name: "Core")
            let all = [core]
            let package = Package(name: "P", targets: all + [.target(name: "App")])
            core.dependencies.append("X")
            all[0].path = "Sources"
            for target in package.targets where target.name == "App" { target.dependencies.removeAll() }
            package.targets.forEach { $0.exclude = ["README.md"] }
            """)
        #expect(manifest.targets.map(\.name) == ["Core", "App"])
        #expect(manifest.targets[0].dependencies.map(\.kind) == [.byName("X")])
        #expect(manifest.targets[0].path == "Sources")
        #expect(manifest.targets.map(\.exclude) == [["README.md"], ["README.md"]])
    }

    @Test func functionsTakingThePackageOrItsTargetsRun() throws {
        let manifest = try readManifest(
            """
            let package = Package(name: "P", targets: [.target(name: "A")])
            func addTests(to package: Package) { package.targets.append(.testTarget(name: "T", dependencies: ["A"])) }
            addTests(to: package)
            func apply(_ body: (Target) -> Void) { body(package.targets[0]) }
            apply { $0.dependencies = ["B"] }
            func first() -> Target { package.targets[0] }
            for t in [first()] { t.path = "Lib" }
            package.targets.removeAll { $0.name == "Missing" }
            package.products = package.products.filter { !$0.name.isEmpty }
            """)
        #expect(manifest.targets.map(\.name) == ["A", "T"])
        #expect(manifest.targets[0].dependencies.map(\.name) == ["B"])
        #expect(manifest.targets[0].path == "Lib")
    }

    @Test func theLastPackageCreatedIsTheOneRead() throws {
        let manifest = try readManifest("var package = Package(name: \"P\")\npackage = Package(name: \"Q\", targets: [.target(name: \"A\")])")
        #expect(manifest.name == "Q")
        #expect(manifest.targets.map(\.name) == ["A"])
    }

    @Test func theManifestsOwnOverloadsAndOperatorsAreCalled() throws {
        let manifest = try readManifest(
            """
            extension Target.Dependency {
                static func product(name: String) -> Self { .product(name: name, package: name) }
            }
            func + (lhs: [Target], rhs: [Target]) -> [Target] { lhs }
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: [.product(name: "X")])] + [.target(name: "B")])
            """)
        #expect(manifest.targets.map(\.name) == ["A"])
        #expect(manifest.targets[0].dependencies.map(\.kind) == [.product(name: "X", package: "X")])
    }

    @Test func aConditionSeesTheVariableAsItIsThen() throws {
        let manifest = try readManifest(
            """
            var flag = false
            let package = Package(name: "P", targets: [.target(name: "A")])
            if flag { package.targets.append(.target(name: "B")) }
            flag = true
            """)
        #expect(manifest.targets.map(\.name) == ["A"])
    }
}

@Suite("manifest reader: refusals")
struct ManifestReaderRefusalTests {
    @Test(arguments: [
        // (body, line of the refusal, words the message contains)
        (
            "let package = Package(name: \"P\", targets: { if ProcessInfo.processInfo.hostName.isEmpty { return [] }\n return [.target(name: \"A\")] }())", 4,
            "the member 'ProcessInfo.processInfo.hostName', which only the running manifest's process knows"
        ),
        ("let package = Package(name: \"P\", targets: { (x: Int) in [] }())", 4, "the closure taking 1 parameters"),
        (
            "import Foundation\nlet package = Package(name: \"P\")\nif ProcessInfo.processInfo.hostName != \"x\" {\n    package.dependencies += [.package(path: \"../X\")]\n}", 6,
            "the member 'ProcessInfo.processInfo.hostName'"
        ),
        ("let package = Package(name: \"P\", targets: [.target(name: \"A\", dependencies: [.byName(name: unknown)])])", 4, "'unknown', which is not a value of this manifest"),
        ("let package = Package(name: \"P\", targets: [.target(name: \"A\", dependencies: flag ? [\"B\"] : [])])\nlet flag = true", 4, "'flag', which is not a value of this manifest"),
        (
            "import Foundation\nlet products: [Product]\nif ProcessInfo.processInfo.hostName.isEmpty {\n    products = []\n} else {\n    products = [.library(name: \"L\", targets: [\"A\"])]\n}\nlet package = Package(name: \"P\", products: products)",
            6, "the member 'ProcessInfo.processInfo.hostName'"
        ),
        (
            "import Foundation\nlet names = try FileManager.default.contentsOfDirectory(atPath: \"Sources\")\nlet package = Package(name: \"P\", targets: names.map { .target(name: $0) })", 5,
            "which reads the file system"
        ),
        ("var n = 0\nwhile n >= 0 { n += 1 }\nlet package = Package(name: \"P\")", 5, "a loop that may not end"),
        ("func f(_ n: Int) -> Int { f(n + 1) }\nlet package = Package(name: \"P\", targets: [.target(name: \"T\\(f(0))\")])", 4, "recursion that may not end"),
    ])
    func refusesAtTheExpressionItCannotEvaluate(body: String, line: Int, words: String) throws {
        let refusal = try #require(readingError(body) as? ManifestRefusal)
        #expect(refusal.location.line == line)
        #expect(refusal.subject.contains(words), "\(refusal.subject)")
    }

    @Test func aMissingPackageIsALocatedError() {
        #expect(readingError("let notAPackage = 1") as? ManifestError == .noPackageDeclaration(at: SourceLocation(file: "/p/Package.swift", line: 1, column: 1)))
    }

    @Test func aSyntaxErrorPointsAtTheFirstDiagnostic() {
        let error = readingError("let package = Package(name: \"P\",\n    targets: [.target(name: \"A\"]\n)")
        guard case .syntaxError? = error as? ManifestError else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(errorLine(error) == 5)
    }
}

/// What issue 30 met on real apps: every spelling of a target dependency, and a manifest
/// SwiftPM rejects said to be invalid rather than refused.
@Suite("manifest reader: dependency spellings and invalid manifests")
struct ManifestReaderSpellingTests {
    @Test func everySpellingOfATargetDependencyIsRead() throws {
        let manifest = try readManifest(
            """
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: [
                    "B",
                    .target(name: "B", condition: .when(platforms: [.iOS])),
                    .targetItem(name: "C", condition: .when(platforms: [.macOS])),
                    .byName(name: "D", condition: nil),
                    .byNameItem(name: "E", condition: .when(platforms: [.linux])),
                    .product(name: "L", package: "l", moduleAliases: ["L": "LL"], condition: .when(platforms: [.macOS])),
                    .productItem(name: "M", package: "m", moduleAliases: nil, condition: nil),
                ]),
            ])
            """)
        let dependencies = manifest.targets[0].dependencies
        #expect(dependencies.map(\.name) == ["B", "B", "C", "D", "E", "L", "M"])
        #expect(dependencies[2].kind == .target("C"))
        #expect(dependencies[2].platforms == ["macos"])
        #expect(dependencies[5].moduleAliases == ["L": "LL"])
        #expect(dependencies[6].kind == .product(name: "M", package: "m"))
    }

    @Test func aBareStringInProductsIsInvalidNotRefused() throws {
        let error = readingError("let package = Package(name: \"P\", products: [\"A\"], targets: [.target(name: \"A\")])")
        guard case .typeMismatch(let found, let expected, let at)? = error as? ManifestError else {
            Issue.record("expected an invalid manifest, got \(String(describing: error))")
            return
        }
        #expect(at.line == 4)
        #expect(found == "the string 'A'")
        #expect(expected.contains(".library"))
        let message = try #require(error).localizedDescription
        #expect(!message.contains("without running"))
    }
}
