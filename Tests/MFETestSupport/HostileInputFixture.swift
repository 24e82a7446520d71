import Foundation
import MFECore

/// A small workspace in a temporary folder for the hostile-input tests: foundation `Env` and
/// product feature `Home` (with a source file).
package final class HostileInputFixture: @unchecked Sendable {
    /// The workspace folder.
    package let path: String

    /// Writes the workspace in a new temporary folder.
    package init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-hostile-\(UUID().uuidString)").path
        try write("workspace: Tiny\nlayers:\n  foundation: [Env]\n  product: [Home]\n", to: "mfe.yml")
        try write(Self.manifest("Env", targets: ".target(name: \"Env\")"), to: "Env/Package.swift")
        try write("public let env = 1\n", to: "Env/Sources/Env/Env.swift")
        try write(
            Self.manifest(
                "Home", dependencies: ".package(path: \"../Env\")",
                targets: """
                    .target(name: "HomeInterface"),
                            .target(name: "Home", dependencies: ["HomeInterface", .product(name: "Env", package: "Env")])
                    """), to: "Home/Package.swift")
        try write("import HomeInterface\nimport Env\n", to: "Home/Sources/Home/Home.swift")
        try write("public protocol Home {}\n", to: "Home/Sources/HomeInterface/Home.swift")
    }

    /// A manifest of `name` with its library product, `dependencies` and `targets`.
    package static func manifest(_ name: String, dependencies: String = "", targets: String) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [.library(name: "\(name)", targets: ["\(name)"])],
            dependencies: [\(dependencies)],
            targets: [
                \(targets)
            ]
        )

        """
    }

    /// Writes `text` to the file at `relative`, creating its folders.
    package func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The bytes of the file at `relative`, if any.
    package func read(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: PathUtilities.join(path, relative))
    }

    /// Every file below the fixture with its bytes, to check that nothing changed.
    package func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = PathUtilities.join(path, relative)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return result
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
