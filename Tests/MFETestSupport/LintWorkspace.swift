import Foundation
import MFECore

/// A Feed Me workspace in memory (or on the disk, for SwiftPM): foundation `Env`, product
/// features `Browse` and `Order`, and the `Shell`; `browseDependencies` adds entries to
/// `Browse`'s source target (line 15 onwards of its manifest). mfe runs in its folder.
package final class LintWorkspace: @unchecked Sendable {
    /// The workspace folder, where mfe runs.
    package let path: String
    /// The file system it is on (relative paths start from `path`).
    package let fileSystem: any FileSystem
    /// The folder on the disk, kept while the workspace is.
    private let disk: TemporaryDirectory?

    /// Writes the workspace; `configuration` is added to its mfe.yml.
    package init(browseDependencies: [String] = [], configuration: String = "", onDisk: Bool = false) throws {
        if onDisk {
            let directory = try TemporaryDirectory()
            (path, disk, fileSystem) = (directory.path, directory, LocalFileSystem(currentDirectory: directory.path))
        } else {
            let memory = InMemoryFileSystem(currentDirectory: "/work/FeedMe")
            (path, disk, fileSystem) = (memory.currentDirectory, nil, memory)
        }
        try write(
            "workspace: FeedMe\npackages:\n  - Foundation/*\n  - Features/*\n  - Shell\nlayers:\n  foundation: [Env]\n  product: [Browse, Order]\nshell:\n  path: Shell\n" + configuration,
            to: "mfe.yml")
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Env",
                products: [.library(name: "Env", targets: ["Env"])],
                targets: [.target(name: "Env")]
            )

            """, to: "Foundation/Env/Package.swift")
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Order",
                products: [
                    .library(name: "Order", targets: ["Order"]),
                    .library(name: "OrderInterface", targets: ["OrderInterface"]),
                    .library(name: "OrderTesting", targets: ["OrderTesting"]),
                ],
                dependencies: [.package(path: "../../Foundation/Env")],
                targets: [
                    .target(name: "OrderInterface", dependencies: [.product(name: "Env", package: "Env")]),
                    .target(name: "Order", dependencies: ["OrderInterface"]),
                    .target(name: "OrderTesting", dependencies: ["OrderInterface"]),
                    .testTarget(name: "OrderTests", dependencies: ["Order", "OrderTesting"]),
                ]
            )

            """, to: "Features/Order/Package.swift")
        try writeBrowse(browseDependencies)
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [.package(path: "../Features/Browse"), .package(path: "../Features/Order")],
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .product(name: "Browse", package: "Browse"),
                        .product(name: "Order", package: "Order"),
                    ]),
                ]
            )

            """, to: "Shell/Package.swift")
    }

    /// Rewrites Browse's manifest; `padding` blank lines before `targets:` move every line.
    package func writeBrowse(_ dependencies: [String], padding: Int = 0) throws {
        let extra = dependencies.map { "                \($0),\n" }.joined()
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Browse",
                products: [.library(name: "Browse", targets: ["Browse"])],
                dependencies: [.package(path: "../Order")],\(String(repeating: "\n", count: padding))
                targets: [
                    .target(name: "BrowseInterface"),
                    .target(
                        name: "Browse",
                        dependencies: [
                            "BrowseInterface",
                            .product(name: "OrderInterface", package: "Order"),
            \(extra)            ]
                    ),
                ]
            )

            """, to: "Features/Browse/Package.swift")
    }

    /// Writes `text` to the file at `relative`, creating its folders.
    package func write(_ text: String, to relative: String) throws {
        let file = PathUtilities.join(path, relative)
        try fileSystem.createDirectory((file as NSString).deletingLastPathComponent)
        try fileSystem.writeAtomically(Data(text.utf8), to: file)
    }

    /// The text of the file at `relative`, if any.
    package func read(_ relative: String) -> String? {
        (try? fileSystem.contents(of: PathUtilities.join(path, relative))).map { String(decoding: $0, as: UTF8.self) }
    }
}
