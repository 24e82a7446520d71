import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// Builds `Workspace` values directly from manifests, for graph and lint tests that need no
/// manifest reader. Every package lives in a top-level folder named after it under `/ws`;
/// every declaration gets its own line, so findings have predictable locations.
package struct WorkspaceFixture {
    /// A target to declare: name, kind and dependencies (`"Name"` by name, `"Pkg/Product"` as
    /// `.product(name: "Product", package: "Pkg")`, `"=Name"` as `.target(name: "Name")`).
    package struct TargetSpec {
        var name: String
        var kind: Target.Kind
        var dependencies: [String]

        package init(_ name: String, _ kind: Target.Kind = .regular, _ dependencies: [String] = []) {
            self.name = name
            self.kind = kind
            self.dependencies = dependencies
        }
    }

    package static let root = "/ws"
    package var packages: [WorkspacePackage] = []
    package var allow: [AllowEntry] = []
    /// `layers:` entries (name or glob, layer), written one per line from line 20 of the
    /// workspace mfe.yml; applied by `WorkspaceLayering` to packages added without a layer.
    package var layers: [(String, Layer)] = []
    /// `roles:`; nil keeps the default suffixes.
    package var roles: RoleSuffixes?
    /// `owners:` entries (team handle, name or glob), written one per line from line 40 of
    /// the workspace mfe.yml.
    package var owners: [(String, String)] = []

    /// An empty workspace.
    package init() {}

    /// Adds a package. `dependsOn` names the packages it declares `.package(path: "../X")`
    /// dependencies on; `urls` adds `.package(url:)` entries.
    @discardableResult
    package mutating func add(
        _ name: String,
        layer: Layer?,
        tools: ToolsVersion = ToolsVersion(6, 0),
        dependsOn: [String] = [],
        urls: [String] = [],
        targets: [TargetSpec]
    ) -> Self {
        let manifestPath = "\(Self.root)/\(name)/Package.swift"
        var line = 4
        func next() -> SourceLocation {
            line += 1
            return SourceLocation(file: manifestPath, line: line, column: 9)
        }
        var packageDependencies = dependsOn.map { PackageDependency(.fileSystem(path: "../\($0)"), location: next()) }
        packageDependencies += urls.map { PackageDependency(.sourceControl(url: $0, requirement: .upToNextMajor(from: Version(1, 0, 0))), location: next()) }
        var declared: [Target] = []
        for spec in targets {
            let location = next()
            let dependencies = spec.dependencies.map { text -> TargetDependency in
                let location = SourceLocation(file: manifestPath, line: next().line, column: 17)
                if text.hasPrefix("=") { return TargetDependency(.target(String(text.dropFirst())), location: location) }
                let parts = text.split(separator: "/")
                if parts.count == 2 { return TargetDependency(.product(name: String(parts[1]), package: String(parts[0])), location: location) }
                return TargetDependency(.byName(text), location: location)
            }
            declared.append(Target(name: spec.name, kind: spec.kind, dependencies: dependencies, location: location))
        }
        let products = declared.filter { $0.kind != .test }.map { target in
            Product(name: target.name, kind: target.kind == .executable ? .executable : .library, targets: [target.name], location: next())
        }
        let manifest = PackageManifest(
            name: name, toolsVersion: tools, dependencies: packageDependencies, targets: declared, products: products,
            manifestPath: manifestPath, location: SourceLocation(file: manifestPath, line: 3, column: 15)
        )
        packages.append(WorkspacePackage(manifest: manifest, directory: name, layer: layer))
        return self
    }

    /// Adds a standard µFeature: `X`, `XInterface`, `XTesting`, `XTests`, `XExample`, with the
    /// given extra dependencies of `X`.
    package mutating func feature(_ name: String, layer: Layer = .product, dependsOn: [String] = [], sourceDependencies: [String] = []) {
        add(
            name, layer: layer, dependsOn: dependsOn,
            targets: [
                TargetSpec(name + "Interface"),
                TargetSpec(name, .regular, [name + "Interface"] + sourceDependencies),
                TargetSpec(name + "Testing", .regular, [name + "Interface"]),
                TargetSpec(name + "Tests", .test, [name, name + "Testing"]),
                TargetSpec(name + "Example", .executable, [name, name + "Testing"]),
            ])
    }

    /// A workspace of foundation `Env`, product features `Browse` and `Order`, and shell
    /// `Shell`, all clean; tests add the edge under test to `Browse`'s targets.
    package static func feedMe(browse extra: [String: [String]] = [:], envDependencies: [String] = [], envDependsOn: [String] = []) -> WorkspaceFixture {
        var fixture = WorkspaceFixture()
        fixture.add(
            "Env", layer: .foundation, dependsOn: envDependsOn,
            targets: [
                .init("Env", .regular, envDependencies), .init("EnvTesting", .regular, ["Env"]), .init("EnvTests", .test, ["Env", "EnvTesting"]),
            ])
        fixture.add(
            "Browse", layer: .product, dependsOn: ["Env", "Order"],
            targets: [
                .init("BrowseInterface", .regular, ["Env/Env"] + (extra["BrowseInterface"] ?? [])),
                .init("Browse", .regular, ["BrowseInterface", "Order/OrderInterface"] + (extra["Browse"] ?? [])),
                .init("BrowseTesting", .regular, ["BrowseInterface", "Order/OrderTesting"] + (extra["BrowseTesting"] ?? [])),
                .init("BrowseTests", .test, ["Browse", "BrowseTesting"] + (extra["BrowseTests"] ?? [])),
                .init("BrowseExample", .executable, ["Browse", "BrowseTesting"] + (extra["BrowseExample"] ?? [])),
            ])
        fixture.feature("Order", dependsOn: ["Env"], sourceDependencies: ["Env/Env"])
        fixture.add(
            "Shell", layer: .shell, dependsOn: ["Browse", "Order", "Env"],
            targets: [
                .init("App", .executable, ["Browse/Browse", "Order/Order", "Env/Env"]),
                .init("AppSupport"),
            ])
        return fixture
    }

    /// Allows `rule` from `from` to `to`, written at `line` of the workspace mfe.yml.
    package mutating func allow(_ rule: String, from: String, to: String, line: Int = 10) {
        allow.append(AllowEntry(rule: rule, from: from, to: to, reason: "test", location: SourceLocation(file: "\(Self.root)/mfe.yml", line: line, column: 5)))
    }

    /// A monorepo package: one package named `name` whose targets form several features by
    /// stem, layered by `layers`.
    package mutating func monorepo(_ name: String, dependsOn: [String] = [], targets: [TargetSpec]) {
        add(name, layer: nil, dependsOn: dependsOn, targets: targets)
    }

    package var configuration: WorkspaceConfiguration {
        var layerTable: [String: LayerAssignment] = [:]
        for (line, (name, layer)) in layers.enumerated() {
            layerTable[name] = LayerAssignment(layer: layer, location: SourceLocation(file: "\(Self.root)/mfe.yml", line: 20 + line, column: 5))
        }
        var configuration = WorkspaceConfiguration(name: "W", layers: layerTable, roles: roles, allow: allow, file: "\(Self.root)/mfe.yml")
        configuration.owners = owners.enumerated().map { line, entry in
            OwnerEntry(handle: entry.0, glob: NameGlob(entry.1), location: SourceLocation(file: "\(Self.root)/mfe.yml", line: 40 + line, column: 5))
        }
        return configuration
    }

    package var workspace: Workspace {
        let configuration = configuration
        let layering = WorkspaceLayering(configuration: configuration)
        let layered = packages.map { package -> WorkspacePackage in
            guard package.layer == nil else {
                var package = package
                layering.assignOwners(&package)
                return package
            }
            return layering.assign([WorkspaceLayering.Candidate(manifest: package.manifest, directory: package.directory)]).packages[0]
        }
        return Workspace(root: Self.root, configuration: configuration, packages: layered.sorted { $0.directory < $1.directory })
    }

    package func lint(_ options: LintOptions = LintOptions(), additionalFindings: [Finding] = []) -> LintReport {
        Linter().lint(workspace, options: options, additionalFindings: additionalFindings)
    }
}

extension LintReport {
    /// `rule from->to` (or `rule path`, `rule feature`) of each finding, for compact expectations.
    package var keys: [String] {
        findings.map { finding in
            if let from = finding.from, let to = finding.to { return "\(finding.rule) \(from)->\(to)" }
            if let path = finding.path { return "\(finding.rule) \(path.joined(separator: " -> "))" }
            if let feature = finding.feature { return "\(finding.rule) \(feature)" }
            return finding.rule.rawValue
        }
    }
}
