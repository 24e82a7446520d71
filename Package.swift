// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "mfe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mfe", targets: ["mfe"]),
        .library(name: "MFEKit", targets: ["MFEKit"]),
        // `swift package lint-graph|compose-shell|affected` in a package that depends on mfe. The
        // build-tool plugins (`mfe lint-graph [--imports]` during `swift build` and Xcode builds)
        // ship in the release's mfe-plugins package, on the binary: Sources/LintGraphBuildToolPlugin
        // and Sources/LintGraphImportsBuildToolPlugin are its sources, no targets here.
        .plugin(name: "LintGraphPlugin", targets: ["LintGraphPlugin"]),
        .plugin(name: "ComposeShellPlugin", targets: ["ComposeShellPlugin"]),
        .plugin(name: "AffectedPlugin", targets: ["AffectedPlugin"]),
    ],
    dependencies: [
        // CLI parsing, help, completions.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Static manifest reading and import scanning: SwiftParser never runs manifest code. mfe
        // evaluates `#if` and words syntax errors itself, so the product builds only SwiftSyntax,
        // SwiftParser, SwiftOperators and SwiftDiagnostics of it.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // mfe.yml: a maintained YAML parser that keeps line and column marks.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Scaffold templates: a real logic-less template engine instead of string replacement.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // Running git and swift without Foundation.Process' pitfalls.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // FilePath and Errno on Linux, where Apple's System framework is missing (Subprocess's own
        // dependency, declared because MFECore imports it itself).
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // `swift package generate-documentation`: the DocC catalog in Sources/MFEKit, built in CI.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The library, in layers: each module depends only on modules below it (README,
        // "Architecture"; Tests/Architecture/layers.yml is checked by MFEArchitectureTests).

        // Values, errors, paths, terminal, and the file-system, process and renderer protocols.
        .target(
            name: "MFECore",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system", condition: .when(platforms: [.linux, .windows, .android, .wasi, .openbsd])),
            ]
        ),
        // Package.swift: the static reader, its evaluator, the dump-package loader; the one model of
        // Package.resolved, which compose-shell and the import checks both read.
        .target(
            name: "MFEManifest",
            dependencies: [
                "MFECore",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        // Xcode projects and workspaces: project.pbxproj and contents.xcworkspacedata, read
        // statically (Foundation parses the OpenStep property list on Linux too).
        .target(
            name: "MFEXcode",
            dependencies: ["MFECore"]
        ),
        // mfe.yml, workspace discovery, layers, and the target graph.
        .target(
            name: "MFEWorkspace",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEXcode",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Findings, the lint-graph rules, allow entries and baselines.
        .target(
            name: "MFELint",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
            ]
        ),
        // Package.resolved composition: the resolver, git package sources, the writer.
        .target(
            name: "MFECompose",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEXcode",
            ]
        ),
        // Templates and the plans of mfe init and mfe create; Templates/ (but the renderers'
        // pages) is compiled in.
        .target(
            name: "MFEScaffold",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                // Wiring a new feature into the shell edits its sources at exact syntax nodes.
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            plugins: ["EmbedTemplatesPlugin"]
        ),
        // The packages a git change touches, and their dependents.
        .target(
            name: "MFEAffected",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEXcode",
            ]
        ),
        // Swift import scanning and the implicit-/unused-dependency rules.
        .target(
            name: "MFEImports",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEXcode",
                "MFELint",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // Pure renderers: lint reports (text, json, sarif, github) and graphs (dot, mermaid, json,
        // html, whose page Templates/graph is compiled in).
        .target(
            name: "MFEReport",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
            ],
            plugins: ["EmbedTemplatesPlugin"]
        ),
        // mfe init --adopt: an existing repository's packages, roles and layers inferred, its
        // graph linted, today's findings planned as the baseline.
        .target(
            name: "MFEAdoption",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEXcode",
                "MFEWorkspace",
                "MFELint",
                "MFEImports",
                "MFEReport",
            ]
        ),
        // One service per command (request in, output value out) and the one writer of their
        // planned writes: where the areas meet.
        .target(
            name: "MFEFrontend",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
                "MFEImports",
                "MFEReport",
                "MFECompose",
                "MFEScaffold",
                "MFEAffected",
                "MFEAdoption",
            ]
        ),
        // The one library product: re-exports every module, so `import MFEKit` is all it takes.
        .target(
            name: "MFEKit",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEXcode",
                "MFEWorkspace",
                "MFELint",
                "MFECompose",
                "MFEScaffold",
                "MFEAffected",
                "MFEImports",
                "MFEReport",
                "MFEAdoption",
                "MFEFrontend",
            ]
        ),

        // Build tools: Templates/ compiled into MFEScaffold and MFEReport at build time.
        // Foundation only: SwiftPM builds plugin tools before anything else starts.
        .executableTarget(
            name: "embed-templates",
            path: "Sources/embed-templates"
        ),
        .plugin(
            name: "EmbedTemplatesPlugin",
            capability: .buildTool(),
            dependencies: ["embed-templates"],
            path: "Sources/EmbedTemplatesPlugin"
        ),

        // The commit mfe is built from, for `mfe --version`, compiled into the executable.
        .executableTarget(
            name: "embed-build-info",
            path: "Sources/embed-build-info"
        ),
        .plugin(
            name: "EmbedBuildInfoPlugin",
            capability: .buildTool(),
            dependencies: ["embed-build-info"],
            path: "Sources/EmbedBuildInfoPlugin"
        ),

        .executableTarget(
            name: "mfe",
            dependencies: [
                "MFEKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["EmbedBuildInfoPlugin"]
        ),

        // Command plugins: mfe on the folder of the package they run in. Only compose-shell
        // writes (the pins), so only it asks for write permission, and for the network it fetches from.
        // They declare no dependency on `mfe`: SwiftPM builds an executable a plugin depends on
        // a second time, for the host, in every build of this package (swift-syntax twice).
        // They ask SwiftPM to build the `mfe` product when they run (MFEPluginRunner), and the
        // same sources in mfe-plugins find the release binary as their declared tool.
        .plugin(
            name: "LintGraphPlugin",
            capability: .command(
                intent: .custom(verb: "lint-graph", description: "Check the layered dependency graph of this package's folder with mfe lint-graph.")
            ),
            path: "Sources/LintGraphPlugin"
        ),
        .plugin(
            name: "ComposeShellPlugin",
            capability: .command(
                intent: .custom(verb: "compose-shell", description: "Pin the MFE revisions the shell ships with mfe compose-shell (--check writes nothing)."),
                permissions: [
                    .writeToPackageDirectory(reason: "mfe compose-shell writes the pins to Package.resolved"),
                    .allowNetworkConnections(scope: .all(), reason: "mfe compose-shell fetches the MFEs' git repositories to resolve their versions"),
                ]
            ),
            path: "Sources/ComposeShellPlugin"
        ),
        .plugin(
            name: "AffectedPlugin",
            capability: .command(
                intent: .custom(verb: "affected", description: "List the packages and targets a git change affects with mfe affected.")
            ),
            path: "Sources/AffectedPlugin"
        ),
        .executableTarget(
            name: "mfe-bench",
            // MFETestSupport: the generated workspace the tests check is the one it times.
            dependencies: ["MFEKit", "MFETestSupport"]
        ),

        // Helpers the unit tests share: temporary directories, workspace fixtures.
        .target(
            name: "MFETestSupport",
            dependencies: ["MFECore", "MFEManifest", "MFEWorkspace", "MFELint"],
            path: "Tests/MFETestSupport"
        ),
        .testTarget(
            name: "MFECoreTests",
            dependencies: ["MFECore", "MFETestSupport"]
        ),
        .testTarget(
            name: "MFEManifestTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFETestSupport",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                // The references mfe's own `#if` evaluation and syntax errors are checked against;
                // only the tests build them (they pull SwiftSyntaxBuilder and SwiftBasicFormat in).
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "MFEWorkspaceTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFELintTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEComposeTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFECompose",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEScaffoldTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEScaffold",
                "MFETestSupport",
                "embed-templates",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "MFEAffectedTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEAffected",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEImportsTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
                "MFEImports",
                "MFEFrontend",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEReportTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
                "MFEReport",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEAdoptionTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFEXcode",
                "MFEAdoption",
                "MFEFrontend",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEFrontendTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFECompose",
                "MFEScaffold",
                "MFEFrontend",
                "MFETestSupport",
            ]
        ),
        .testTarget(
            name: "MFEXcodeTests",
            dependencies: ["MFECore", "MFEManifest", "MFEXcode", "MFEWorkspace", "MFETestSupport"]
        ),
        .testTarget(
            name: "MFEArchitectureTests",
            dependencies: [
                "MFECore",
                "MFEManifest",
                "MFEWorkspace",
                "MFELint",
                "MFEImports",
                .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "MFEEndToEndTests",
            dependencies: ["MFEKit", "MFETestSupport", "mfe"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
