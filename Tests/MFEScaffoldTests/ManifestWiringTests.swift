import Testing

@testable import MFEScaffold

/// The shell `Package.swift` edits on manifests written every which way: each test gives the
/// whole file before and after, so any byte changed outside the edit fails it.
@Suite("wiring the shell's Package.swift")
struct ManifestWiringTests {
    static let search = ManifestRequirement(identity: "search", declaration: #".package(path: "../Features/Search")"#, products: ["Search", "SearchInterface"], packageArgument: "Search")

    static func wired(_ source: String, target: String = "DemoComposition") throws -> String {
        let splices = try ManifestWiring(file: "Shell/Package.swift", source: source).splices(adding: [search], to: target)
        return SourceSplice.apply(splices, to: source)
    }

    @Test func addsTheDependenciesArgumentAndProductsToTheTemplatesShape() throws {
        let before = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                products: [
                    .executable(name: "DemoApp", targets: ["DemoApp"]),
                ],
                targets: [
                    // The composition root.
                    .target(
                        name: "DemoComposition",
                        dependencies: [
                        ]
                    ),
                    .executableTarget(name: "DemoApp", dependencies: ["DemoComposition"]),
                ]
            )

            """
        let after = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                products: [
                    .executable(name: "DemoApp", targets: ["DemoApp"]),
                ],
                dependencies: [
                    .package(path: "../Features/Search"),
                ],
                targets: [
                    // The composition root.
                    .target(
                        name: "DemoComposition",
                        dependencies: [
                            .product(name: "Search", package: "Search"),
                            .product(name: "SearchInterface", package: "Search"),
                        ]
                    ),
                    .executableTarget(name: "DemoApp", dependencies: ["DemoComposition"]),
                ]
            )

            """
        #expect(try Self.wired(before) == after)
        #expect(try Self.wired(after) == after, "wiring twice changes nothing")
    }

    @Test func keepsCommentsAndTheAuthorsCommaStyle() throws {
        let before = """
            let package = Package(
              name: "Shell",
              dependencies: [
                .package(path: "../Features/Home") // the home screen
                /* more to come */
              ],
              targets: [
                .target(name: "DemoComposition", dependencies: [.product(name: "Home", package: "Home")]),
              ]
            )
            """
        let after = """
            let package = Package(
              name: "Shell",
              dependencies: [
                .package(path: "../Features/Home"), // the home screen
                .package(path: "../Features/Search")
                /* more to come */
              ],
              targets: [
                .target(name: "DemoComposition", dependencies: [.product(name: "Home", package: "Home"), .product(name: "Search", package: "Search"), .product(name: "SearchInterface", package: "Search")]),
              ]
            )
            """
        #expect(try Self.wired(before) == after)
    }

    @Test func addsADependenciesArgumentToATargetWithout() throws {
        let before = "let package = Package(name: \"Shell\", dependencies: [], targets: [.target(name: \"DemoComposition\")])\n"
        let after =
            "let package = Package(name: \"Shell\", dependencies: [.package(path: \"../Features/Search\")], targets: [.target(name: \"DemoComposition\", dependencies: [.product(name: \"Search\", package: \"Search\"), .product(name: \"SearchInterface\", package: \"Search\")])])\n"
        #expect(try Self.wired(before) == after)
    }

    @Test func recognisesADependencyByItsIdentityWhateverItsForm() throws {
        let source = """
            let package = Package(
                name: "Shell",
                dependencies: [
                    .package(url: "https://example.com/team/Search.git", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "DemoComposition", dependencies: ["Search", .product(name: "SearchInterface", package: "search")]),
                ]
            )
            """
        #expect(try Self.wired(source) == source)
    }

    @Test(arguments: [
        (
            "let deps: [Package.Dependency] = []\nlet package = Package(name: \"Shell\", dependencies: deps, targets: [.target(name: \"DemoComposition\")])",
            "'dependencies:' of Package(...) is not an array literal"
        ),
        ("let package = Package(name: \"Shell\", targets: [.target(name: \"Other\")])", "no target named 'DemoComposition' in the 'targets:' array"),
        ("let package = Package(name: \"Shell\", targets: targets)", "'targets:' of Package(...) is not an array literal"),
        ("let a = Package(name: \"A\")\nlet b = Package(name: \"B\")", "more than one 'Package(...)' call"),
        ("let package = Package(name: \"Shell\", targets: [.target(name: \"DemoComposition\", dependencies: base + [])])", "the dependencies of target 'DemoComposition' are not an array literal"),
    ])
    func refusesManifestsItCannotEditSafely(source: String, reason: String) {
        #expect(throws: WiringRefusal(file: "Shell/Package.swift", reason: reason)) {
            try Self.wired(source)
        }
    }
}
