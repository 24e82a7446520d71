import Foundation

/// A repository laid out like a real app that never heard of mfe: one `Package.swift` with a
/// dozen targets named as TCA-style apps name them (`…Feature`, `…Client`, `…ClientLive`,
/// `…Mocks`), two local packages it depends on, and two empty placeholder packages that share
/// the name `client` (kept only to hide folders from Xcode, as isowords does). It already has
/// one violation: `HomeFeature` depends on `SearchFeature`'s implementation.
package enum LegacyAppFixture {
    /// The root manifest; `extraSettingsDependencies` are added to `SettingsFeature`.
    package static func manifest(extraSettingsDependencies: [String] = []) -> String {
        let settings = (["\"Styleguide\"", "\"UserDefaultsClient\""] + extraSettingsDependencies.map { "\"\($0)\"" }).joined(separator: ", ")
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                products: [.library(name: "AppFeature", targets: ["AppFeature"])],
                dependencies: [
                    .package(path: "Packages/Networking"),
                    .package(path: "Packages/DesignTokens"),
                ],
                targets: [
                    .target(name: "AppFeature", dependencies: ["HomeFeature", "SearchFeature", "SettingsFeature", "ApiClientLive"]),
                    .target(name: "HomeFeature", dependencies: ["ApiClient", "Styleguide", "Models", "SearchFeature"]),
                    .target(name: "SearchFeature", dependencies: ["ApiClient", "Styleguide", "Models"]),
                    .target(name: "SettingsFeature", dependencies: [\(settings)]),
                    .target(name: "ApiClient", dependencies: ["Models"]),
                    .target(name: "ApiClientLive", dependencies: ["ApiClient", .product(name: "Networking", package: "Networking")]),
                    .target(name: "UserDefaultsClient"),
                    .target(name: "Styleguide", dependencies: [.product(name: "DesignTokens", package: "DesignTokens")]),
                    .target(name: "Models"),
                    .target(name: "FirstPartyMocks", dependencies: ["ApiClient"]),
                    .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature", "FirstPartyMocks"]),
                    .testTarget(name: "SearchFeatureTests", dependencies: ["SearchFeature", "FirstPartyMocks"]),
                ]
            )

            """
    }

    /// The targets of the root package whose sources show a SwiftUI view.
    static let userInterface: Set<String> = ["AppFeature", "HomeFeature", "SearchFeature", "SettingsFeature", "Styleguide"]

    /// Writes the repository into `directory`.
    package static func write(to directory: some TestFolder) throws {
        try directory.write(manifest(), to: "Package.swift")
        for target in ["AppFeature", "HomeFeature", "SearchFeature", "SettingsFeature", "ApiClient", "ApiClientLive", "UserDefaultsClient", "Styleguide", "Models", "FirstPartyMocks"] {
            let source =
                userInterface.contains(target)
                ? "import SwiftUI\n\npublic struct \(target)View: View {\n    public var body: some View { Text(\"\(target)\") }\n}\n"
                : "import Foundation\n\npublic enum \(target) {}\n"
            try directory.write(source, to: "Sources/\(target)/\(target).swift")
        }
        for test in ["HomeFeatureTests", "SearchFeatureTests"] {
            try directory.write("import Testing\n", to: "Tests/\(test)/\(test).swift")
        }
        for (name, dependencies) in [("Networking", ""), ("DesignTokens", "")] {
            try directory.write(
                """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)", targets: ["\(name)"])],
                    targets: [.target(name: "\(name)"\(dependencies)), .testTarget(name: "\(name)Tests", dependencies: ["\(name)"])]
                )

                """, to: "Packages/\(name)/Package.swift")
            try directory.write("public enum \(name) {}\n", to: "Packages/\(name)/Sources/\(name)/\(name).swift")
            try directory.write("import Testing\n", to: "Packages/\(name)/Tests/\(name)Tests/\(name)Tests.swift")
        }
        let placeholder =
            "// swift-tools-version:5.2\n// Leave blank. This is only here so that Xcode doesn't display it.\nimport PackageDescription\n\nlet package = Package(\n  name: \"client\",\n  products: [],\n  targets: []\n)\n"
        try directory.write(placeholder, to: "App/Package.swift")
        try directory.write(placeholder, to: "Bootstrap/Package.swift")
    }
}
