// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "mfe",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mfe", targets: ["mfe"]),
        .library(name: "MFEKit", targets: ["MFEKit"]),
    ],
    dependencies: [
        // CLI parsing, help, completions.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Static manifest reading and import scanning: SwiftParser never runs manifest code.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // mfe.yml: a maintained YAML parser that keeps line and column marks.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Scaffold templates: a real logic-less template engine instead of string replacement.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // SHA-256 for Package.resolved's originHash (Foundation has no CryptoKit on Linux).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // Running git and swift without Foundation.Process' pitfalls.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        .target(
            name: "MFEKit",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .executableTarget(
            name: "mfe",
            dependencies: [
                "MFEKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "mfe-bench",
            dependencies: ["MFEKit"]
        ),
        .testTarget(
            name: "MFEKitTests",
            dependencies: ["MFEKit"]
        ),
        .testTarget(
            name: "MFEEndToEndTests",
            dependencies: ["MFEKit", "mfe"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
