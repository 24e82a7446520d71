import Foundation
import MFECore
import SwiftParser
import SwiftSyntax

/// Reads `Package.swift` without running it: parses it with SwiftParser and evaluates the
/// declarative subset SwiftPM manifests use (literals, top-level constants, `+`, appends to
/// `package.targets`, `#if` for the host), refusing with a located error whatever it cannot
/// evaluate exactly.
public struct ManifestReader: ManifestLoading {
    let fileSystem: any FileSystem
    /// The environment variables a manifest's `ProcessInfo.processInfo.environment` lookups
    /// see: mfe's own, as `swift package` would run it with them.
    let environment: [String: String]
    /// The environment the manifests see.
    public var manifestEnvironment: [String: String] { environment }
    /// How long parsing one manifest may take (`MFE_PARSE_TIME_LIMIT` of `environment`).
    let parseTimeLimit: ParseTimeLimit
    /// Whether everything `dump-package` shows must be read (platforms included), rather than
    /// only what the graph depends on.
    let readsEverythingDumpPackageShows: Bool

    /// Creates a reader that loads manifests from `fileSystem`, evaluating them in
    /// `environment` (mfe's own: `ServiceEnvironment.variables`).
    public init(fileSystem: any FileSystem = LocalFileSystem(), environment: [String: String]) {
        self.init(fileSystem: fileSystem, environment: environment, readsEverythingDumpPackageShows: false)
    }

    /// Creates a reader that loads manifests from `fileSystem` in `environment`; with
    /// `readsEverythingDumpPackageShows`, platforms it cannot evaluate are a refusal too.
    package init(fileSystem: any FileSystem = LocalFileSystem(), environment: [String: String], readsEverythingDumpPackageShows: Bool) {
        self.fileSystem = fileSystem
        self.environment = environment
        parseTimeLimit = ParseTimeLimit(environment: environment)
        self.readsEverythingDumpPackageShows = readsEverythingDumpPackageShows
    }

    /// Reads the manifest SwiftPM would load in `packageDirectory` (see `manifestPath(inPackageDirectory:)`).
    public func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        let path = try manifestPath(inPackageDirectory: packageDirectory)
        let source = try readSource(at: path)
        let toolsVersion = try checkBeforeParsing(source: source, manifestPath: path)
        let (strict, fileSystem, environment) = (readsEverythingDumpPackageShows, self.fileSystem, self.environment)
        return try await BoundedParsing.run(file: path, bytes: source.utf8.count, limit: parseTimeLimit) {
            try Self.parseAndEvaluate(source: source, manifestPath: path, toolsVersion: toolsVersion, strict: strict, fileSystem: fileSystem, environment: environment)
        }
    }

    /// Reads the manifest `source`, found at `manifestPath` (used in locations only).
    ///
    /// A manifest nested too deeply for the parser is refused before it is parsed
    /// (`SourceNesting`); the parse and evaluation run on a large stack within a time bound
    /// (`BoundedParsing`), so no manifest can crash or hang mfe.
    ///
    /// For callers that are not async; the calling thread waits for the parse.
    package func read(source: String, manifestPath: String) throws -> PackageManifest {
        let toolsVersion = try checkBeforeParsing(source: source, manifestPath: manifestPath)
        let (strict, fileSystem, environment) = (readsEverythingDumpPackageShows, self.fileSystem, self.environment)
        return try BoundedParsing.runBlocking(file: manifestPath, bytes: source.utf8.count, limit: parseTimeLimit) {
            try Self.parseAndEvaluate(source: source, manifestPath: manifestPath, toolsVersion: toolsVersion, strict: strict, fileSystem: fileSystem, environment: environment)
        }
    }

    /// The tools version of `source`, after the cheap checks that refuse what must not reach
    /// the parser (nesting too deep for it).
    private func checkBeforeParsing(source: String, manifestPath: String) throws -> ToolsVersion {
        let toolsVersion = try ToolsVersion.parseSpecification(in: source, manifestPath: manifestPath)
        if let excess = SourceNesting.firstExcess(in: source) {
            throw NestingLimitError(file: manifestPath, excess: excess)
        }
        return toolsVersion
    }

    /// The first syntax error of `tree`, in the compiler's words.
    static func firstSyntaxError(in tree: SourceFileSyntax) -> (node: Syntax, position: AbsolutePosition, message: String)? {
        SyntaxErrorFinder.firstError(in: tree).map { ($0.node, $0.position, $0.message) }
    }

    /// Where to point for a syntax error at `position` about `node`: a missing node sits right
    /// after the previous token; like the compiler, point at the token that stands where it was
    /// expected.
    static func pointedPosition(node: Syntax, position: AbsolutePosition) -> AbsolutePosition {
        if node.totalLength.utf8Length == 0, let next = node.nextToken(viewMode: .sourceAccurate), position == node.position {
            return next.positionAfterSkippingLeadingTrivia
        }
        return position
    }

    /// The manifest `source` parsed and evaluated, on the current thread.
    private static func parseAndEvaluate(
        source: String, manifestPath: String, toolsVersion: ToolsVersion, strict: Bool, fileSystem: any FileSystem, environment: [String: String]
    ) throws -> PackageManifest {
        var parser = Parser(source, maximumNestingLevel: SourceNesting.parserNestingLimit)
        let tree = SourceFileSyntax.parse(from: &parser)
        let converter = SourceLocationConverter(fileName: manifestPath, tree: tree)
        if tree.hasError, let diagnostic = firstSyntaxError(in: tree) {
            let position = converter.location(for: pointedPosition(node: diagnostic.node, position: diagnostic.position))
            throw ManifestError.syntaxError(lowercasingFirst(diagnostic.message), at: MFECore.SourceLocation(file: manifestPath, line: position.line, column: position.column))
        }
        let origin = PathOrigin(fileSystem)
        let host = ManifestInterpreter.ManifestHost(
            environment: environment,
            fileExists: { fileSystem.exists($0) },
            packageDirectory: origin.absolute(PackageIdentity.directory(ofManifest: manifestPath)),
            origin: origin
        )
        let interpreter = ManifestInterpreter(
            file: manifestPath, converter: converter, configuration: .forManifest(toolsVersion: toolsVersion), toolsVersion: toolsVersion, host: host,
            budget: ManifestInterpreter.Budget(sourceLength: source.utf8.count))
        interpreter.strictOrder = strict
        let package = try interpreter.run(tree)
        var manifest = try interpreter.manifest(of: package, strict: strict)
        manifest.suppressions = SuppressionComment.comments(in: source, file: manifestPath)
        return manifest
    }

    /// The manifest SwiftPM would load in `packageDirectory` on `fileSystem`: finding it
    /// evaluates nothing, so it needs no environment.
    package static func manifestPath(inPackageDirectory packageDirectory: String, fileSystem: any FileSystem) throws -> String {
        try ManifestReader(fileSystem: fileSystem, environment: [:]).manifestPath(inPackageDirectory: packageDirectory)
    }

    /// The manifest SwiftPM would load in `packageDirectory`: a `Package@swift-X.Y.Z.swift`,
    /// `Package@swift-X.Y.swift` or `Package@swift-X.swift` matching this toolchain, else the
    /// newest version-specific manifest not newer than the toolchain when its tools version is
    /// above `Package.swift`'s or `Package.swift` needs a newer toolchain, else `Package.swift`.
    package func manifestPath(inPackageDirectory packageDirectory: String) throws -> String {
        let regular = PathUtilities.join(packageDirectory, "Package.swift")
        guard fileSystem.exists(regular) else {
            throw ManifestError.noManifest(directory: packageDirectory)
        }
        let current = ToolsVersion.current
        for key in ["\(current.major).\(current.minor).\(current.patch)", "\(current.major).\(current.minor)", "\(current.major)"] {
            let candidate = PathUtilities.join(packageDirectory, "Package@swift-\(key).swift")
            if fileSystem.exists(candidate), !fileSystem.isDirectory(candidate) { return candidate }
        }
        var versioned: [ToolsVersion: String] = [:]
        for name in (try? fileSystem.contentsOfDirectory(packageDirectory)) ?? [] {
            if let version = Self.versionOfSpecificManifest(named: name) { versioned[version] = name }
        }
        guard let best = versioned.keys.filter({ $0 <= current }).max() else { return regular }
        let specificPath = PathUtilities.join(packageDirectory, versioned[best]!)
        let specificVersion =
            best < ToolsVersion(4, 0)
            ? ToolsVersion(3, 1)
            : try ToolsVersion.parseSpecification(in: try readSource(at: specificPath), manifestPath: specificPath, checkingSupport: false)
        let regularVersion: ToolsVersion
        do {
            regularVersion = try ToolsVersion.parseSpecification(in: try readSource(at: regular), manifestPath: regular, checkingSupport: false)
        } catch ManifestError.noToolsVersion {
            regularVersion = ToolsVersion(3, 1)
        }
        if specificVersion > regularVersion { return specificPath }
        // A `Package.swift` this toolchain cannot load falls back to the closest variant.
        return regularVersion <= current && regularVersion >= ToolsVersion.minimumSupported ? regular : specificPath
    }

    /// The version in `Package@swift-6.swift`, `Package@swift-5.9.swift`, `Package@swift-5.9.1.swift`.
    package static func versionOfSpecificManifest(named name: String) -> ToolsVersion? {
        guard name.hasPrefix("Package@swift-"), name.hasSuffix("swift"), name.count > "Package@swift-".count + "swift".count + 1 else { return nil }
        // SwiftPM's pattern `^Package@swift-(\d+)(?:\.(\d+))?(?:\.(\d+))?.swift$` lets any character
        // stand before `swift`.
        let middle = name.dropFirst("Package@swift-".count).dropLast("swift".count).dropLast()
        let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        return ToolsVersion(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    private func readSource(at path: String) throws -> String {
        let data = try fileSystem.contents(of: path)
        guard let source = String(data: data, encoding: .utf8) else {
            throw ManifestError.notUTF8(path: path)
        }
        return source
    }

    static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
