import Foundation

/// A synthetic µFeature workspace written to disk, with what a correct `lint-graph` must say
/// about it known in advance (the oracle): `Foundation/F0…` in a chain, `Features/P0…` each
/// depending on three foundations and the interfaces of up to three earlier features, and a
/// `Shell` depending on every feature. Used by the determinism and release end-to-end tests
/// and by `mfe-bench lint`, so the tests check the workspace the benchmark times.
package struct GeneratedWorkspace: Sendable {
    /// An edge the generator put in on purpose, and the rule that must report it.
    package struct Violation: Sendable, Hashable, Comparable {
        package var rule: String
        package var from: String
        package var to: String

        package init(rule: String, from: String, to: String) {
            self.rule = rule
            self.from = from
            self.to = to
        }

        package static func < (lhs: Violation, rhs: Violation) -> Bool {
            (lhs.rule, lhs.from, lhs.to) < (rhs.rule, rhs.from, rhs.to)
        }
    }

    /// The absolute package folders, foundations first, then features, then the shell.
    package var packageDirectories: [String] = []
    /// How many targets the manifests declare.
    package var targets = 0
    /// How many target dependency entries the manifests declare (all inside the workspace).
    package var dependencies = 0
    /// The product-to-product and production-to-testing edges, each exactly one finding.
    package var violations: [Violation] = []

    /// Writes the workspace at `root`: `foundations` foundation packages, `products` product
    /// features and the shell (`foundations + products + 1` packages of five targets each).
    /// With `violations`, every 50th feature (from the 8th) depends on a peer's
    /// implementation (product-to-product), and every 97th interface (from the 4th) on a
    /// peer's testing target (production-to-testing).
    @discardableResult
    package static func write(at root: String, foundations: Int, products: Int, violations withViolations: Bool = false) throws -> GeneratedWorkspace {
        var generated = GeneratedWorkspace()
        func write(_ text: String, _ relative: String) throws {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        func add(_ name: String, in folder: String, packages: [String], targets: [(String, String, [String])]) throws {
            try write(manifest(name: name, packages: packages, targets: targets), "\(folder)/Package.swift")
            generated.packageDirectories.append(root + "/" + folder)
            generated.targets += targets.count
            generated.dependencies += targets.reduce(0) { $0 + $1.2.count }
        }
        func product(_ name: String, of package: String) -> String { ".product(name: \"\(name)\", package: \"\(package)\")" }

        try write("workspace: Bench\npackages:\n  - Foundation/*\n  - Features/*\n  - Shell\nshell:\n  path: Shell\n", "mfe.yml")
        for index in 0..<foundations {
            let name = "F\(index)"
            let lower = index > 0 ? ["F\(index - 1)"] : []
            try add(
                name, in: "Foundation/\(name)", packages: lower.map { "../\($0)" },
                targets: [
                    (".target", name, lower.map { product($0, of: $0) }),
                    (".target", name + "UI", ["\"\(name)\""]),
                    (".target", name + "Testing", ["\"\(name)\""]),
                    (".testTarget", name + "Tests", ["\"\(name)\"", "\"\(name)Testing\""]),
                    (".executableTarget", name + "Example", ["\"\(name)UI\""]),
                ])
            try write("feature: \(name)\nlayer: foundation\n", "Foundation/\(name)/mfe.yml")
        }
        for index in 0..<products {
            let name = "P\(index)"
            let foundation = foundations == 0 ? [] : Array(Set((0..<3).map { "F\((index * 7 + $0 * 31) % foundations)" })).sorted()
            let peers = (1...3).compactMap { offset in index - offset >= 0 ? "P\(index - offset)" : nil }
            let foundationProducts = foundation.map { product($0, of: $0) }
            var peerImplementation: [String] = []
            if withViolations, index % 50 == 7, let peer = peers.first {
                peerImplementation = [product(peer, of: peer)]
                generated.violations.append(Violation(rule: "product-to-product", from: name, to: peer))
            }
            var interfaceTesting: [String] = []
            if withViolations, index % 97 == 3, let peer = peers.first {
                interfaceTesting = [product(peer + "Testing", of: peer)]
                generated.violations.append(Violation(rule: "production-to-testing", from: name + "Interface", to: peer + "Testing"))
            }
            try add(
                name, in: "Features/\(name)", packages: foundation.map { "../../Foundation/\($0)" } + peers.map { "../\($0)" },
                targets: [
                    (".target", name + "Interface", foundationProducts + interfaceTesting),
                    (".target", name, ["\"\(name)Interface\""] + peers.map { product($0 + "Interface", of: $0) } + foundationProducts + peerImplementation),
                    (".target", name + "Testing", ["\"\(name)Interface\""] + peers.map { product($0 + "Testing", of: $0) }),
                    (".testTarget", name + "Tests", ["\"\(name)\"", "\"\(name)Testing\""]),
                    (".executableTarget", name + "Example", ["\"\(name)\"", "\"\(name)Testing\""]),
                ])
            try write("feature: \(name)\nlayer: product\n", "Features/\(name)/mfe.yml")
        }
        let features = (0..<products).map { "P\($0)" }
        let shellFoundation = foundations > 0 ? ["F0"] : []
        try add(
            "Shell", in: "Shell", packages: features.map { "../Features/\($0)" } + shellFoundation.map { "../Foundation/\($0)" },
            targets: [
                (".executableTarget", "App", ["\"AppCore\""]),
                (".target", "AppCore", features.map { product($0, of: $0) } + shellFoundation.map { product($0, of: $0) }),
                (".target", "AppRouting", ["\"AppCore\""]),
                (".target", "AppTesting", ["\"AppCore\""]),
                (".testTarget", "AppTests", ["\"AppCore\"", "\"AppTesting\""]),
            ])
        generated.violations.sort()
        return generated
    }

    /// A `Package.swift` of `targets` (kind, name, dependency expressions), vending a library
    /// per regular target and depending on `packages` by path.
    package static func manifest(name: String, packages: [String], targets: [(String, String, [String])]) -> String {
        var text = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"\(name)\",\n"
        text += "    products: [\n"
        for (kind, target, _) in targets where kind == ".target" {
            text += "        .library(name: \"\(target)\", targets: [\"\(target)\"]),\n"
        }
        text += "    ],\n    dependencies: [\n"
        for path in packages { text += "        .package(path: \"\(path)\"),\n" }
        text += "    ],\n    targets: [\n"
        for (kind, target, dependencies) in targets {
            text += "        \(kind)(\n            name: \"\(target)\",\n            dependencies: [\n"
            for dependency in dependencies { text += "                \(dependency),\n" }
            text += "            ]\n        ),\n"
        }
        text += "    ]\n)\n"
        return text
    }
}
