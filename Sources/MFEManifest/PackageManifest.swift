import Foundation
import MFECore

/// A package as its `Package.swift` declares it: the value the manifest readers produce
/// (the static reader and `swift package dump-package`), with the location of every
/// declaration so findings can point at it.
public struct PackageManifest: Sendable, Equatable {
    /// The `name:` argument of `Package(...)`.
    package var name: String
    /// The `// swift-tools-version:` of the manifest.
    package var toolsVersion: ToolsVersion
    /// Declared package dependencies, in declaration order.
    package var dependencies: [PackageDependency]
    /// Declared targets, in declaration order.
    package var targets: [Target]
    /// Declared products, in declaration order.
    package var products: [Product]
    /// The `traits:` the package declares (`.default(enabledTraits:)` is the trait named
    /// `default`), in declaration order.
    package var traits: [PackageTrait]
    /// The `platforms:` minimum deployment versions, in declaration order (empty when absent).
    package var platforms: [SupportedPlatform] = []
    /// Everything else `Package(...)` declares that SwiftPM's `dump-package` shows
    /// (`defaultLocalization`, language standards, …).
    package var details = PackageDetails()
    /// The `Package.swift` file this was read from.
    package var manifestPath: String
    /// Where `Package(` starts, for package-level findings.
    package var location: SourceLocation
    /// The `// mfe:ignore` comments of the manifest file (their `file` is `manifestPath`), so
    /// no later stage reads the file again to find them.
    package var suppressions: [SuppressionComment] = []

    /// Creates a manifest value.
    package init(
        name: String,
        toolsVersion: ToolsVersion,
        dependencies: [PackageDependency] = [],
        targets: [Target] = [],
        products: [Product] = [],
        traits: [PackageTrait] = [],
        manifestPath: String,
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.dependencies = dependencies
        self.targets = targets
        self.products = products
        self.traits = traits
        self.manifestPath = manifestPath
        self.location = location ?? SourceLocation(file: manifestPath, line: 1, column: 1)
    }

    /// The folder holding the manifest, against which relative dependency paths resolve.
    package var packageDirectory: String { PackageIdentity.directory(ofManifest: manifestPath) }
}

/// A minimum deployment version from `platforms:`: `.macOS(.v13)` is `macos` `13.0`.
package struct SupportedPlatform: Sendable, Equatable {
    /// The lowercase name SwiftPM writes (`macos`, `ios`, `maccatalyst`, or a custom name).
    package var name: String
    /// The version as SwiftPM writes it (`13.0`, `10.15`).
    package var version: String
    /// What SwiftPM splits off a version string after its numbers (`"10.15.foo"` has `foo`).
    package var options: [String] = []

    /// Creates a platform requirement.
    package init(name: String, version: String, options: [String] = []) {
        self.name = name
        self.version = version
        self.options = options
    }
}

/// A trait a package declares: `.trait(name:description:enabledTraits:)`, a string literal,
/// or `.default(enabledTraits:)` (the trait named `default`).
package struct PackageTrait: Sendable, Equatable {
    /// The trait's name (`default` for the default trait set).
    package var name: String
    /// The `description:` argument, if any.
    package var description: String?
    /// The other traits of this package this trait enables, in declaration order.
    package var enabledTraits: [String]

    /// Creates a trait declaration.
    package init(name: String, description: String? = nil, enabledTraits: [String] = []) {
        self.name = name
        self.description = description
        self.enabledTraits = enabledTraits
    }
}

/// A target declaration: `.target`, `.executableTarget`, `.testTarget`, `.macro`, `.plugin`,
/// `.systemLibrary`, `.binaryTarget`.
package struct Target: Sendable, Equatable {
    /// The kind of target, as SwiftPM's `TargetDescription.TargetKind` names it.
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case regular, executable, test, macro, plugin, system, binary
    }

    /// The target's name.
    package var name: String
    /// The target's kind.
    package var kind: Kind
    /// Declared dependencies, in declaration order.
    package var dependencies: [TargetDependency]
    /// The `path:` argument, if any (relative to the package root).
    package var path: String?
    /// The `exclude:` argument.
    package var exclude: [String]
    /// The `sources:` argument, if any.
    package var sources: [String]?
    /// Where the target declaration starts (the `.target(` call).
    package var location: SourceLocation
    /// Everything else the declaration sets that SwiftPM's `dump-package` shows (settings,
    /// resources, `packageAccess`, …).
    package var details = TargetDetails()

    /// Creates a target value.
    package init(
        name: String,
        kind: Kind = .regular,
        dependencies: [TargetDependency] = [],
        path: String? = nil,
        exclude: [String] = [],
        sources: [String]? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.path = path
        self.exclude = exclude
        self.sources = sources
        self.location = location
    }

    /// The directory holding the target's sources, relative to the package root, as SwiftPM
    /// finds it by default (`Sources/NAME`, `Tests/NAME` for test targets, `Plugins/NAME`).
    package var defaultPath: String {
        switch kind {
        case .test: return "Tests/\(name)"
        case .plugin: return "Plugins/\(name)"
        default: return "Sources/\(name)"
        }
    }
}

extension Target {
    /// The folders SwiftPM searches for a target without `path:` (`predefinedSourceDirectories`).
    package static let sourceDirectories = ["Sources", "Source", "src", "srcs"]
    /// The folders SwiftPM searches for a test target without `path:` (`predefinedTestDirectories`).
    package static let testDirectories = ["Tests", "Sources", "Source", "src", "srcs"]

    /// SwiftPM's `c99name` of a target, the name of its module: the name with every character
    /// that may not appear in a C99 extended identifier replaced by `_`, and a leading digit
    /// replaced too (`Foo-Bar` → `Foo_Bar`, `1Password` → `_Password`). Letters and digits of
    /// every script count as identifier characters, as in the C99 annex the compiler follows.
    package static func c99Name(_ name: String) -> String {
        var result = ""
        result.reserveCapacity(name.utf8.count)
        for (offset, character) in name.enumerated() {
            let isDigit = character.isNumber
            let isIdentifier = character == "_" || (character.isLetter && !character.isWhitespace) || isDigit
            result.append(isIdentifier && !(offset == 0 && isDigit) ? character : "_")
        }
        return result
    }

    /// The target's folder relative to the package root, as SwiftPM finds it: `path:` when
    /// given, else the first predefined folder holding `NAME` (`isDirectory` answers for a path
    /// relative to the package root), else `defaultPath`.
    package func directory(isDirectory: (String) -> Bool) -> String {
        if let path { return PathUtilities.normalize(path) }
        for candidate in kind == .test ? Self.testDirectories : Self.sourceDirectories where isDirectory(candidate + "/" + name) {
            return candidate + "/" + name
        }
        return defaultPath
    }
}

/// One entry of a target's `dependencies:` list.
package struct TargetDependency: Sendable, Equatable {
    /// How the dependency names what it depends on.
    package enum Kind: Sendable, Equatable {
        /// `"Name"` or `.byName(name:)`: a target of this package, or else a product.
        case byName(String)
        /// `.target(name:)`.
        case target(String)
        /// `.product(name:package:)`; `package` is nil only in the pre-5.2 form.
        case product(name: String, package: String?)
    }

    /// What this entry names.
    package var kind: Kind
    /// The `condition: .when(platforms:)` platform names, if any (lowercase, as SwiftPM
    /// writes them, e.g. `linux`, `ios`).
    package var platforms: [String]?
    /// The `condition: .when(traits:)` names, if any.
    package var traits: [String]?
    /// The `moduleAliases:` of a `.product(...)` entry (the product's module name → the name
    /// this target imports it as), if given.
    package var moduleAliases: [String: String]?
    /// Where the entry is written in the `dependencies:` list.
    package var location: SourceLocation
    /// The `condition:` exactly as written, for `dump-package` (which shows a condition of
    /// no platforms too); nil when none or when only `platforms`/`traits` are known.
    package var condition: SettingCondition?

    /// Creates a target dependency.
    package init(_ kind: Kind, platforms: [String]? = nil, traits: [String]? = nil, moduleAliases: [String: String]? = nil, location: SourceLocation) {
        self.kind = kind
        self.platforms = platforms
        self.traits = traits
        self.moduleAliases = moduleAliases
        self.location = location
    }

    /// The name of the target or product this entry names.
    package var name: String {
        switch kind {
        case .byName(let name), .target(let name), .product(let name, _): return name
        }
    }
}

/// A `.package(...)` entry of the package's `dependencies:` list.
package struct PackageDependency: Sendable, Equatable {
    /// Where the package comes from.
    package enum Kind: Sendable, Equatable {
        /// `.package(path:)` or `.package(name:path:)`.
        case fileSystem(path: String)
        /// `.package(url:...)`.
        case sourceControl(url: String, requirement: Requirement)
        /// `.package(id:...)`.
        case registry(id: String, requirement: Requirement)
    }

    /// Where the package comes from.
    package var kind: Kind { didSet { deriveNames() } }
    /// The `name:` argument, if given (SwiftPM's `nameForTargetDependencyResolutionOnly`).
    package var explicitName: String? { didSet { deriveNames() } }
    /// The `traits:` argument: the traits enabled on the dependency; `[.defaults]` (the trait
    /// named `default`: the dependency's default traits) when not given, as PackageDescription
    /// records it.
    package var traits: [Trait]
    /// Where the `.package(` entry is written.
    package var location: SourceLocation { didSet { deriveNames() } }

    /// The package identity as SwiftPM derives it: the last path component of the URL, or of
    /// the path resolved against the declaring package's folder (so `..` is the parent
    /// folder's name), lowercased, without a `.git` suffix; the registry id lowercased.
    /// Stored, not computed on each use: graph building and validation look it up per target
    /// dependency, and resolving the path each time was most of `lint-graph`'s time.
    package private(set) var identity: String = ""

    /// The name SwiftPM matches `.product(package:)` and by-name dependencies against
    /// (`nameForModuleDependencyResolutionOnly`): the `name:` argument, else the last path
    /// component of the URL or path without `.git`, case kept; a registry id lowercased.
    package private(set) var nameForModuleDependencyResolution: String = ""

    /// A trait enabled on a dependency: `"Name"`, `.trait(name:condition:)` or `.defaults`
    /// (the trait named `default`).
    package struct Trait: Sendable, Equatable, Hashable {
        /// The dependency's trait to enable (`default` for `.defaults`).
        package var name: String
        /// `condition: .when(traits:)`: this package's traits that enable it; nil when always.
        package var condition: [String]?

        /// Creates an enabled trait.
        package init(name: String, condition: [String]? = nil) {
            self.name = name
            self.condition = condition
        }

        /// `.defaults`: the dependency's default traits.
        package static let defaults = Trait(name: "default")
    }

    /// What a relative manifest folder or a `~/` path is resolved against, for `identity`:
    /// the reader's file system's (not part of the value: two readers of one manifest agree).
    private var origin: PathOrigin

    /// Creates a package dependency; a path in `kind`, or the folder of `location`'s file, that
    /// is relative or starts with `~/` is resolved from `origin`.
    package init(_ kind: Kind, explicitName: String? = nil, traits: [Trait] = [.defaults], location: SourceLocation, origin: PathOrigin = .root) {
        self.kind = kind
        self.explicitName = explicitName
        self.traits = traits
        self.location = location
        self.origin = origin
        deriveNames()
    }

    package static func == (lhs: PackageDependency, rhs: PackageDependency) -> Bool {
        (lhs.kind, lhs.explicitName, lhs.traits, lhs.location, lhs.identity, lhs.nameForModuleDependencyResolution)
            == (rhs.kind, rhs.explicitName, rhs.traits, rhs.location, rhs.identity, rhs.nameForModuleDependencyResolution)
    }

    /// Computes `identity` and `nameForModuleDependencyResolution` from `kind`,
    /// `explicitName` and `location`.
    private mutating func deriveNames() {
        let lastComponent: String
        switch kind {
        case .fileSystem(let path):
            lastComponent = PackageIdentity.lastComponent(of: path, relativeTo: PackageIdentity.directory(ofManifest: location.file), origin: origin)
        case .sourceControl(let url, _):
            lastComponent = PackageIdentity.lastComponent(of: url, relativeTo: PackageIdentity.directory(ofManifest: location.file), origin: origin)
        case .registry(let id, _):
            lastComponent = id.lowercased()
        }
        identity = lastComponent.lowercased()
        nameForModuleDependencyResolution = explicitName ?? lastComponent
    }
}

/// SwiftPM's package identity rules (`PackageIdentity(urlString:)` / `PackageIdentity(path:)`).
package enum PackageIdentity {
    /// The identity of a package at a URL or path, as SwiftPM's `PackageIdentityParser`
    /// computes it: the last path component (after one trailing slash is dropped), without a
    /// case-sensitive `.git` suffix, lowercased. Relative paths are taken as written; use
    /// `identity(forLocation:relativeTo:)` to resolve them as SwiftPM does.
    package static func identity(forLocation location: String) -> String {
        lastComponent(of: location).lowercased()
    }

    /// The identity of the package a `.package(path:)` or `.package(url:)` string names, in a
    /// manifest whose folder is `directory`: a string without a scheme (`https://`, `git@`, …)
    /// is a path (`DependencyMapper.normalizeDependencyLocation`): `~/` is the home folder, a
    /// relative path is resolved against `directory` and normalised, so `..` is the parent
    /// folder's name; `file://` URLs are their path. A relative `directory` and `~/` are
    /// resolved from `origin` (a `~/` path without a home is taken as written).
    package static func identity(forLocation location: String, relativeTo directory: String, origin: PathOrigin) -> String {
        lastComponent(of: location, relativeTo: directory, origin: origin).lowercased()
    }

    /// The last component of `location` without `.git`, case kept, with paths resolved as in
    /// `identity(forLocation:relativeTo:)`.
    package static func lastComponent(of location: String, relativeTo directory: String, origin: PathOrigin) -> String {
        lastComponent(of: resolvedLocation(location, relativeTo: directory, origin: origin) ?? location)
    }

    /// The absolute, normalised path a location string stands for when SwiftPM takes it as a
    /// path (no scheme, or `file://`); nil for URLs.
    package static func resolvedLocation(_ location: String, relativeTo directory: String, origin: PathOrigin) -> String? {
        switch scheme(of: location) {
        case nil:
            if location.hasPrefix("~/") {
                guard let home = origin.homeDirectory else { return PathUtilities.normalize(location) }
                return PathUtilities.normalize(PathUtilities.join(home, String(location.dropFirst(2))))
            }
            if location.hasPrefix("/") { return PathUtilities.normalize(location) }
            return PathUtilities.absolute(location, relativeTo: origin.absolute(directory.isEmpty ? "." : directory))
        case "file":
            let path = String(location.dropFirst("file://".count))
            return path.hasPrefix("/") ? PathUtilities.normalize(path) : nil
        default:
            return nil
        }
    }

    /// SwiftPM's `parseScheme`: the text before `://`, or before `@`, when it holds no `/`,
    /// lowercased; nil for a path.
    package static func scheme(of location: String) -> String? {
        for delimiter in ["://", "@"] {
            if let range = location.range(of: delimiter) {
                let head = location[..<range.lowerBound]
                if !head.contains("/") { return head.lowercased() }
            }
        }
        return nil
    }

    /// The folder of a manifest path (`/a/b/Package.swift` → `/a/b`).
    package static func directory(ofManifest manifestPath: String) -> String {
        guard let slash = manifestPath.lastIndex(of: "/") else { return "." }
        return slash == manifestPath.startIndex ? "/" : String(manifestPath[..<slash])
    }

    /// The last path component after one trailing slash is dropped, without a case-sensitive
    /// `.git` suffix, case kept.
    static func lastComponent(of location: String) -> String {
        var end = location.endIndex
        if location.last == "/" { end = location.index(before: end) }
        let start = location[..<end].lastIndex(of: "/").map { location.index(after: $0) } ?? location.startIndex
        var last = location[start..<end]
        if last.hasSuffix(".git") { last = last.dropLast(4) }
        return String(last)
    }
}

/// A requirement on a source-control or registry dependency, normalised as SwiftPM does:
/// `from:`, `.upToNextMajor`, `.upToNextMinor` and `a..<b`/`a...b` all become ranges.
package enum Requirement: Sendable, Equatable, Hashable {
    /// `exact:` / `.exact(...)`.
    case exact(Version)
    /// A half-open range `lowerBound..<upperBound` (`a...b` becomes `a..<b.nextPatch`).
    case range(lowerBound: Version, upperBound: Version)
    /// `branch:` / `.branch(...)`.
    case branch(String)
    /// `revision:` / `.revision(...)`.
    case revision(String)

    /// `from: v`, which is `.upToNextMajor(from: v)`.
    package static func upToNextMajor(from version: Version) -> Requirement {
        .range(lowerBound: version, upperBound: Version(version.major + 1, 0, 0))
    }

    /// `.upToNextMinor(from: v)`.
    package static func upToNextMinor(from version: Version) -> Requirement {
        .range(lowerBound: version, upperBound: Version(version.major, version.minor + 1, 0))
    }
}

/// A product declaration: `.library`, `.executable`, `.plugin`.
package struct Product: Sendable, Equatable {
    /// The kind of product.
    package enum Kind: String, Sendable, Codable {
        case library, staticLibrary, dynamicLibrary, executable, plugin, snippet, macro
    }

    /// The product's name.
    package var name: String
    /// The product's kind.
    package var kind: Kind
    /// The targets the product vends.
    package var targets: [String]
    /// Where the product is declared.
    package var location: SourceLocation

    /// Creates a product value.
    package init(name: String, kind: Kind, targets: [String], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.targets = targets
        self.location = location
    }
}

/// A `swift-tools-version`.
package struct ToolsVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Version components.
    package var major: Int, minor: Int, patch: Int

    /// Creates a tools version.
    package init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `5.9`, `6.0.1`: patch shown only when not zero, as SwiftPM prints it.
    package var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    package static func < (lhs: ToolsVersion, rhs: ToolsVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

/// Reads a package's manifest into a `PackageManifest`.
public protocol ManifestLoading: Sendable {
    /// Loads the `Package.swift` in `packageDirectory`. Throws an `InputError` naming the
    /// file and line when the manifest is malformed or cannot be evaluated.
    func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest

    /// The loader to use in a workspace whose `mfe.yml` says `loader: kind` (nil when it says
    /// nothing): a loader chosen on the command line returns itself, since the command line
    /// beats `mfe.yml`.
    func respecting(configuredLoader kind: ManifestLoaderKind?) -> any ManifestLoading

    /// What to tell the user about a workspace `loader:` this loader does not apply (nil when
    /// there is nothing to say); `location` is where `loader:` is written.
    func noteOnConfiguredLoader(_ kind: ManifestLoaderKind?, at location: String) -> String?

    /// The environment the manifests this loader reads see (Tuist's `Project.swift` files are
    /// read in the same one).
    var manifestEnvironment: [String: String] { get }
}

extension ManifestLoading {
    /// A loader chosen on the command line has nothing to say about `loader:`.
    public func noteOnConfiguredLoader(_ kind: ManifestLoaderKind?, at location: String) -> String? { nil }

    /// No environment: an environment lookup without a default is refused.
    public var manifestEnvironment: [String: String] { [:] }
}
