import Foundation
import MFECore
import SwiftParser
import SwiftSyntax

/// Loads manifests through `swift package dump-package`: exact for any manifest, because
/// SwiftPM compiles and runs it, and slower for the same reason (`--loader swiftpm`).
package struct DumpPackageManifestLoader: ManifestLoading {
    let processRunner: any ProcessRunning
    let fileSystem: any FileSystem
    let swiftExecutable: String
    let usesManifestCache: Bool
    let limiter: ProcessLimiter

    /// How many `swift package dump-package` processes one loader runs at once: 2, or 3 on
    /// machines with more than 3 cores (each compiles a manifest).
    package static let defaultConcurrency = min(3, max(2, ProcessInfo.processInfo.activeProcessorCount - 1))

    /// Creates a loader running `swiftExecutable` (looked up in `PATH` unless a path), at most
    /// `concurrency` at once; `usesManifestCache: false` passes `--manifest-cache none`, so
    /// every load compiles.
    package init(
        processRunner: any ProcessRunning = SubprocessRunner(),
        fileSystem: any FileSystem = LocalFileSystem(),
        swiftExecutable: String = "swift",
        usesManifestCache: Bool = true,
        concurrency: Int = DumpPackageManifestLoader.defaultConcurrency
    ) {
        self.processRunner = processRunner
        self.fileSystem = fileSystem
        self.swiftExecutable = swiftExecutable
        self.usesManifestCache = usesManifestCache
        limiter = ProcessLimiter(limit: concurrency)
    }

    /// Runs `swift package --package-path DIR dump-package` and converts its JSON.
    package func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        let manifestPath = try ManifestReader.manifestPath(inPackageDirectory: packageDirectory, fileSystem: fileSystem)
        var arguments = ["package", "--package-path", packageDirectory]
        if !usesManifestCache { arguments += ["--manifest-cache", "none"] }
        arguments.append("dump-package")
        let (runner, executable, processArguments) = (processRunner, swiftExecutable, arguments)
        let result = try await limiter.run {
            try await runner.run(executable, processArguments, workingDirectory: nil, environment: [:])
        }
        guard result.status == 0 else {
            throw ManifestError.dumpPackageFailed(manifest: manifestPath, result: result)
        }
        let source = (try? fileSystem.contents(of: manifestPath)).flatMap { String(data: $0, encoding: .utf8) }
        var manifest = try Self.manifest(
            fromDumpPackageOutput: Data(result.standardOutput.utf8),
            manifestPath: manifestPath,
            packageDirectory: packageDirectory,
            source: source,
            origin: PathOrigin(fileSystem)
        )
        manifest.suppressions = source.map { SuppressionComment.comments(in: $0, file: manifestPath) } ?? []
        return manifest
    }

    /// Converts `dump-package` JSON into a manifest; `source` (the manifest text, if readable)
    /// gives the declarations their lines, since the JSON has none; a relative `packageDirectory`
    /// is resolved from `origin`.
    package static func manifest(fromDumpPackageOutput data: Data, manifestPath: String, packageDirectory: String, source: String?, origin: PathOrigin = .root) throws -> PackageManifest {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ManifestError.dumpPackageNotJSON(manifest: manifestPath)
        }
        let invalid = { (what: String) in
            ManifestError.dumpPackageInvalid(manifest: manifestPath, what: what)
        }
        guard let root = json as? [String: Any], let name = root["name"] as? String else { throw invalid("package name") }
        let locator = SourceLocator(source: source, manifestPath: manifestPath, origin: origin)

        var toolsVersion = ToolsVersion(5, 0)
        if let versionText = (root["toolsVersion"] as? [String: Any])?["_version"] as? String,
            let version = ToolsVersion(specifier: Substring(versionText))
        {
            toolsVersion = version
        }

        var dependencies: [PackageDependency] = []
        for entry in root["dependencies"] as? [[String: Any]] ?? [] {
            guard let (key, value) = entry.first, let body = (value as? [Any])?.first as? [String: Any] else { throw invalid("dependency") }
            let explicitName = body["nameForTargetDependencyResolutionOnly"] as? String
            let kind: PackageDependency.Kind
            switch key {
            case "fileSystem":
                guard let path = body["path"] as? String else { throw invalid("dependency path") }
                kind = .fileSystem(path: Self.relativePath(path, from: origin.absolute(packageDirectory)))
            case "sourceControl":
                guard let location = body["location"] as? [String: Any], let requirement = Self.requirement(body["requirement"]) else { throw invalid("dependency requirement") }
                let url: String
                if let remote = (location["remote"] as? [Any])?.first {
                    guard let text = (remote as? [String: Any])?["urlString"] as? String ?? remote as? String else { throw invalid("dependency URL") }
                    url = text
                } else if let local = (location["local"] as? [Any])?.first as? String {
                    url = local
                } else {
                    throw invalid("dependency location")
                }
                kind = .sourceControl(url: url, requirement: requirement)
            case "registry":
                guard let identity = body["identity"] as? String, let requirement = Self.requirement(body["requirement"]) else { throw invalid("registry dependency") }
                kind = .registry(id: identity, requirement: requirement)
            default:
                throw invalid("dependency kind ('\(key)')")
            }
            let traits =
                (body["traits"] as? [[String: Any]])?.compactMap { entry -> PackageDependency.Trait? in
                    guard let name = entry["name"] as? String else { return nil }
                    let condition = (entry["condition"] as? [String: Any])?["traits"] as? [String]
                    return PackageDependency.Trait(name: name, condition: condition?.sorted())
                }.sorted { $0.name < $1.name } ?? [.defaults]
            var dependency = PackageDependency(kind, explicitName: explicitName, traits: traits, location: locator.fallback, origin: origin)
            dependency.location = locator.packageDependency(dependency) ?? locator.fallback
            dependencies.append(dependency)
        }

        var targets: [Target] = []
        for entry in root["targets"] as? [[String: Any]] ?? [] {
            guard let targetName = entry["name"] as? String,
                let kind = (entry["type"] as? String).flatMap(Target.Kind.init(rawValue:))
            else { throw invalid("target") }
            let targetLocation = locator.target(named: targetName)
            var target = Target(
                name: targetName,
                kind: kind,
                path: entry["path"] as? String,
                exclude: entry["exclude"] as? [String] ?? [],
                sources: entry["sources"] as? [String],
                location: targetLocation?.location ?? locator.fallback
            )
            var occurrences: [String: Int] = [:]
            for dependencyEntry in entry["dependencies"] as? [[String: Any]] ?? [] {
                guard let (key, value) = dependencyEntry.first, let fields = value as? [Any], let dependencyName = fields.first as? String else {
                    throw invalid("target dependency in '\(targetName)'")
                }
                let kind: TargetDependency.Kind
                let conditionField: Any?
                switch key {
                case "byName":
                    kind = .byName(dependencyName)
                    conditionField = fields.count > 1 ? fields[1] : nil
                case "target":
                    kind = .target(dependencyName)
                    conditionField = fields.count > 1 ? fields[1] : nil
                case "product":
                    kind = .product(name: dependencyName, package: fields.count > 1 ? fields[1] as? String : nil)
                    conditionField = fields.count > 3 ? fields[3] : nil
                default: throw invalid("target dependency kind ('\(key)')")
                }
                var dependency = TargetDependency(kind, location: targetLocation?.location ?? locator.fallback)
                if key == "product", fields.count > 2, let aliases = fields[2] as? [String: String] { dependency.moduleAliases = aliases }
                if let condition = conditionField as? [String: Any] {
                    let platforms = condition["platformNames"] as? [String] ?? []
                    let traits = condition["traits"] as? [String] ?? []
                    dependency.platforms = platforms.isEmpty ? nil : platforms
                    dependency.traits = traits.isEmpty ? nil : traits
                }
                let occurrence = occurrences[dependencyName, default: 0]
                occurrences[dependencyName] = occurrence + 1
                if let targetLocation, let entryLocation = locator.dependency(named: dependencyName, in: targetLocation.call, occurrence: occurrence) {
                    dependency.location = entryLocation
                }
                target.dependencies.append(dependency)
            }
            targets.append(target)
        }

        var products: [Product] = []
        for entry in root["products"] as? [[String: Any]] ?? [] {
            guard let productName = entry["name"] as? String, let type = entry["type"] as? [String: Any], let (typeKey, typeValue) = type.first else {
                throw invalid("product")
            }
            let kind: Product.Kind
            switch typeKey {
            case "library":
                switch (typeValue as? [String])?.first {
                case "static": kind = .staticLibrary
                case "dynamic": kind = .dynamicLibrary
                default: kind = .library
                }
            default:
                guard let other = Product.Kind(rawValue: typeKey) else { throw invalid("product type ('\(typeKey)')") }
                kind = other
            }
            products.append(Product(name: productName, kind: kind, targets: entry["targets"] as? [String] ?? [], location: locator.product(named: productName) ?? locator.fallback))
        }

        let traits = (root["traits"] as? [[String: Any]] ?? []).compactMap { entry -> PackageTrait? in
            guard let traitName = entry["name"] as? String else { return nil }
            return PackageTrait(name: traitName, description: entry["description"] as? String, enabledTraits: (entry["enabledTraits"] as? [String] ?? []).sorted())
        }.sorted { $0.name < $1.name }

        var manifest = PackageManifest(
            name: name,
            toolsVersion: toolsVersion,
            dependencies: dependencies,
            targets: targets,
            products: products,
            traits: traits,
            manifestPath: manifestPath,
            location: locator.packageCall ?? locator.fallback
        )
        manifest.platforms = (root["platforms"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let name = entry["platformName"] as? String, let version = entry["version"] as? String else { return nil }
            return SupportedPlatform(name: name, version: version)
        }
        return manifest
    }

    static func requirement(_ value: Any?) -> Requirement? {
        guard let object = value as? [String: Any], let (key, body) = object.first, let fields = body as? [Any], let first = fields.first else { return nil }
        switch key {
        case "range":
            guard let bounds = first as? [String: Any],
                let lower = (bounds["lowerBound"] as? String).flatMap(Version.init(_:)),
                let upper = (bounds["upperBound"] as? String).flatMap(Version.init(_:))
            else { return nil }
            return .range(lowerBound: lower, upperBound: upper)
        case "exact": return (first as? String).flatMap(Version.init(_:)).map(Requirement.exact)
        case "branch": return (first as? String).map(Requirement.branch)
        case "revision": return (first as? String).map(Requirement.revision)
        default: return nil
        }
    }

    /// `path` relative to `directory` (with `..` where needed), as a manifest would write it.
    static func relativePath(_ path: String, from directory: String) -> String {
        let target = PathUtilities.normalize(path).split(separator: "/")
        let base = PathUtilities.normalize(directory).split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// Finds where declarations are written in a manifest's source, for loaders that get values
/// without locations (dump-package): target calls by their `name:` literal, dependency entries
/// inside them, `.package(` calls by identity. Falls back to line 1.
struct SourceLocator {
    let manifestPath: String
    let fallback: MFECore.SourceLocation
    private var converter: SourceLocationConverter?
    private var targetCalls: [String: FunctionCallExprSyntax] = [:]
    private var productCalls: [String: FunctionCallExprSyntax] = [:]
    private var packageCalls: [(identity: String, node: FunctionCallExprSyntax)] = []
    private(set) var packageCall: MFECore.SourceLocation?

    init(source: String?, manifestPath: String, origin: PathOrigin) {
        self.manifestPath = manifestPath
        fallback = MFECore.SourceLocation(file: manifestPath, line: 1, column: 1)
        // A manifest nested too deeply for SwiftParser gets no locations rather than a hang.
        guard let source, SourceNesting.firstExcess(in: source) == nil else { return }
        var parser = Parser(source, maximumNestingLevel: SourceNesting.parserNestingLimit)
        let tree = SourceFileSyntax.parse(from: &parser)
        let converter = SourceLocationConverter(fileName: manifestPath, tree: tree)
        self.converter = converter
        let visitor = CallCollector(viewMode: .sourceAccurate)
        visitor.walk(tree)
        for call in visitor.calls {
            let callee =
                call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let callee else { continue }
            let nameLiteral = call.arguments.first { $0.label?.text == "name" }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            if ManifestEvaluator.targetKinds[callee] != nil, let nameLiteral, targetCalls[nameLiteral] == nil, !Self.isInsideDependencies(call) {
                if callee == "plugin" && call.arguments.contains(where: { $0.label?.text == "targets" }) {
                    if productCalls[nameLiteral] == nil { productCalls[nameLiteral] = call }
                } else {
                    targetCalls[nameLiteral] = call
                }
            } else if ["library", "executable"].contains(callee), let nameLiteral, productCalls[nameLiteral] == nil {
                productCalls[nameLiteral] = call
            } else if callee == "package" {
                for label in ["url", "path", "id"] {
                    if let value = call.arguments.first(where: { $0.label?.text == label })?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
                        packageCalls.append(
                            (label == "id" ? value.lowercased() : PackageIdentity.identity(forLocation: value, relativeTo: PackageIdentity.directory(ofManifest: manifestPath), origin: origin), call))
                    }
                }
            } else if callee == "Package", packageCall == nil {
                packageCall = location(of: call)
            }
        }
    }

    /// Whether `call` is an entry of some `dependencies:` list (`.target(name:)` there is a
    /// dependency, not a declaration).
    private static func isInsideDependencies(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let argument = current.as(LabeledExprSyntax.self), argument.label?.text == "dependencies" { return true }
            node = current.parent
        }
        return false
    }

    private final class CallCollector: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }
    }

    func location(of node: some SyntaxProtocol) -> MFECore.SourceLocation {
        guard let converter else { return fallback }
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return MFECore.SourceLocation(file: manifestPath, line: position.line, column: position.column)
    }

    /// The `.target(name: "X"` call declaring `name`.
    func target(named name: String) -> (location: MFECore.SourceLocation, call: FunctionCallExprSyntax)? {
        targetCalls[name].map { (location(of: $0), $0) }
    }

    /// The product declaration named `name`.
    func product(named name: String) -> MFECore.SourceLocation? {
        productCalls[name].map { location(of: $0) }
    }

    /// The `.package(` entry with the identity of `dependency`.
    func packageDependency(_ dependency: PackageDependency) -> MFECore.SourceLocation? {
        let identity = dependency.identity
        return packageCalls.first { $0.identity == identity }.map { location(of: $0.node) }
    }

    /// The `occurrence`-th (from 0) entry of `call`'s `dependencies:` list naming `name`
    /// (`"X"` or `name: "X"`).
    func dependency(named name: String, in call: FunctionCallExprSyntax, occurrence: Int) -> MFECore.SourceLocation? {
        guard let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self) else { return nil }
        var remaining = occurrence
        for element in list.elements {
            let expression = element.expression
            let entryName =
                expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
                ?? expression.as(FunctionCallExprSyntax.self)?.arguments.first(where: { $0.label?.text == "name" })?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            guard entryName == name else { continue }
            if remaining == 0 { return location(of: expression) }
            remaining -= 1
        }
        return nil
    }
}
