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

    /// Converts `dump-package` JSON into a manifest with the Codable model SwiftPM's output is
    /// read and `mfe dump-package`'s written with (`DumpPackageJSON`); `source` (the manifest
    /// text, if readable) gives the declarations their lines, since the JSON has none; a relative
    /// `packageDirectory` is resolved from `origin`.
    package static func manifest(
        fromDumpPackageOutput data: Data, manifestPath: String, packageDirectory: String, source: String?, origin: PathOrigin = .root
    ) throws -> PackageManifest {
        guard (try? JSONSerialization.jsonObject(with: data)) != nil else {
            throw ManifestError.dumpPackageNotJSON(manifest: manifestPath)
        }
        let model: DumpPackageJSON.Manifest
        do {
            model = try JSONDecoder().decode(DumpPackageJSON.Manifest.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ManifestError.dumpPackageInvalid(manifest: manifestPath, what: Self.describe(context.codingPath + [key]))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context) {
            throw ManifestError.dumpPackageInvalid(manifest: manifestPath, what: Self.describe(context.codingPath))
        }
        let locator = SourceLocator(source: source, manifestPath: manifestPath, origin: origin)
        return try DumpPackageJSON.manifest(from: model, manifestPath: manifestPath, packageDirectory: packageDirectory, locator: locator, origin: origin)
    }

    /// A coding path as a message names it: `targets[2].dependencies`; `package name` for the root.
    static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "package name" }
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text == "name" ? "package name" : "'\(text)'"
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
            if Self.targetFactories.contains(callee), let nameLiteral, targetCalls[nameLiteral] == nil, !Self.isInsideDependencies(call) {
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
    /// PackageDescription's target factories.
    static let targetFactories: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

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
