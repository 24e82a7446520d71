import Foundation
import MFECore

/// A manifest mfe cannot read, whichever loader reads it: no `Package.swift`, a tools-version
/// line SwiftPM would refuse, a syntax error, a package SwiftPM refuses, or SwiftPM's own
/// `dump-package` failing. Exit 2; the messages are contract, byte for byte.
///
/// What only the static reader cannot know is a `ManifestRefusal`, a type of its own: it is
/// the one manifest error that changes what mfe does (`--loader auto` hands exactly those
/// manifests to SwiftPM, and the evaluator catches it to read around an unknown value), so it
/// is caught by its type in every module that reads manifests.
package enum ManifestError: LocatedError, Equatable {
    // MARK: finding and reading the file

    /// No `Package.swift` in the folder.
    case noManifest(directory: String)
    /// The manifest is not UTF-8.
    case notUTF8(path: String)
    /// `MFE_LOADER` names no loader.
    case unknownLoaderVariable(value: String)

    // MARK: the swift-tools-version line

    /// The manifest is empty.
    case emptyManifest(at: SourceLocation)
    /// The first line is no comment.
    case noToolsVersion(at: SourceLocation)
    /// The specification has no `swift-tools-version:` label.
    case noToolsVersionLabel(at: SourceLocation)
    /// The specification has a label but no version.
    case noToolsVersionNumber(at: SourceLocation)
    /// The comment marker is not `//`.
    case toolsVersionCommentMarker(String, at: SourceLocation)
    /// The label is misspelt.
    case misspeltToolsVersionLabel(String, at: SourceLocation)
    /// The version is not a version.
    case invalidToolsVersion(String, at: SourceLocation)
    /// A version below 5.4 with something other than empty lines before it.
    case toolsVersionNotFirst(ToolsVersion, at: SourceLocation)
    /// A version below 6.0 specified on a later line than the first (SwiftPM 6 accepts a
    /// later line only from 6.0).
    case toolsVersionNotOnFirstLine(ToolsVersion, at: SourceLocation)
    /// A version below 5.4 without exactly one space after `//`.
    case toolsVersionSpacingAfterMarker(ToolsVersion, at: SourceLocation)
    /// A version below 5.4 with spacing after the label.
    case toolsVersionSpacingAfterLabel(ToolsVersion, at: SourceLocation)
    /// A version SwiftPM no longer loads.
    case unsupportedToolsVersion(ToolsVersion, at: SourceLocation)
    /// A version newer than this toolchain.
    case toolsVersionTooNew(ToolsVersion, at: SourceLocation)

    // MARK: the package declaration

    /// The first syntax error the parser reports, lowercase.
    case syntaxError(String, at: SourceLocation)
    /// A second `let package = Package(...)`; the first is at `firstLine`.
    case packageRedeclared(variable: String, firstLine: Int, at: SourceLocation)
    /// No `let package = Package(...)`.
    case noPackageDeclaration(at: SourceLocation)
    /// `Package(...)` with an argument label PackageDescription does not have.
    case unknownPackageArgument(String, at: SourceLocation)
    /// `Package(...)` without `name:`.
    case packageWithoutName(at: SourceLocation)
    /// A target declaration (`.target`, …) without `name:`.
    case targetWithoutName(declaration: String, at: SourceLocation)
    /// A version string SwiftPM rejects.
    case invalidVersion(String, at: SourceLocation)
    /// A value of the wrong type where PackageDescription expects one (a string in
    /// `products:`): Swift does not compile the manifest.
    case typeMismatch(found: String, expected: String, at: SourceLocation)
    /// What PackageDescription or SwiftPM's loader rejects when the manifest runs, in its words.
    case rejectedBySwiftPM(String, at: SourceLocation)

    // MARK: what SwiftPM refuses (ManifestValidation)

    /// Two targets of one name.
    case duplicateTarget(String, at: SourceLocation)
    /// A `.target(name:)` dependency on no target of the package.
    case undeclaredTarget(String, dependent: String, at: SourceLocation)
    /// A `.product(package:)` naming no declared dependency; `validPackages` as SwiftPM lists them.
    case unknownPackage(String, target: String, validPackages: String, at: SourceLocation)
    /// A by-name dependency no target answers, in a package with no dependencies.
    case productNotFound(String, package: String, target: String, suggestion: String, at: SourceLocation)

    // MARK: SwiftPM's dump-package

    /// `swift package dump-package` failed with `status` and `standardError` (trimmed).
    case dumpPackageFailed(manifest: String, standardError: String, status: Int32)
    /// It printed something that is not JSON.
    case dumpPackageNotJSON(manifest: String)
    /// Its JSON has no valid `what`.
    case dumpPackageInvalid(manifest: String, what: String)

    package var location: SourceLocation? {
        switch self {
        case .noManifest, .notUTF8, .unknownLoaderVariable, .dumpPackageFailed, .dumpPackageNotJSON, .dumpPackageInvalid:
            return nil
        case .emptyManifest(let at), .noToolsVersion(let at), .noToolsVersionLabel(let at), .noToolsVersionNumber(let at),
            .toolsVersionCommentMarker(_, let at), .misspeltToolsVersionLabel(_, let at), .invalidToolsVersion(_, let at),
            .toolsVersionNotFirst(_, let at), .toolsVersionNotOnFirstLine(_, let at), .toolsVersionSpacingAfterMarker(_, let at), .toolsVersionSpacingAfterLabel(_, let at),
            .unsupportedToolsVersion(_, let at), .toolsVersionTooNew(_, let at), .syntaxError(_, let at),
            .packageRedeclared(_, _, let at), .noPackageDeclaration(let at), .unknownPackageArgument(_, let at),
            .packageWithoutName(let at), .targetWithoutName(_, let at), .invalidVersion(_, let at), .typeMismatch(_, _, let at), .rejectedBySwiftPM(_, let at), .duplicateTarget(_, let at),
            .undeclaredTarget(_, _, let at), .unknownPackage(_, _, _, let at), .productNotFound(_, _, _, _, let at):
            return at
        }
    }

    package var message: String {
        switch self {
        case .noManifest(let directory):
            return "no Package.swift in '\(directory)'; give the folder of a Swift package"
        case .notUTF8(let path):
            return "'\(path)' is not UTF-8 text; save the manifest as UTF-8"
        case .unknownLoaderVariable(let value):
            return "\(ManifestLoaderKind.environmentVariable)='\(value)' is not a manifest loader; set it to 'static', 'swiftpm' or 'auto', or unset it"
        case .emptyManifest:
            return "the manifest is empty; \(Self.toolsVersionAdvice), then 'let package = Package(...)'"
        case .noToolsVersion:
            return "the manifest has no swift tools version specification on any line, so SwiftPM takes it for tools version 3.1, which it no longer supports; \(Self.toolsVersionAdvice)"
        case .noToolsVersionLabel:
            return "the swift tools version specification has no 'swift-tools-version:' label; \(Self.toolsVersionAdvice)"
        case .noToolsVersionNumber:
            return "the swift tools version specification has no version; \(Self.toolsVersionAdvice)"
        case .toolsVersionCommentMarker(let marker, _):
            return "the comment marker '\(marker)' of the swift tools version specification must be '//'; \(Self.toolsVersionAdvice)"
        case .misspeltToolsVersionLabel(let label, _):
            return "the swift tools version label '\(label)' is misspelt; \(Self.toolsVersionAdvice)"
        case .invalidToolsVersion(let specifier, _):
            return "the swift tools version '\(specifier)' is not a version like '6.0' or '5.9.1'; \(Self.toolsVersionAdvice)"
        case .toolsVersionNotFirst(let version, _):
            return "swift tools version \(version) allows only empty lines before the specification; move it to the first line; \(Self.toolsVersionAdvice)"
        case .toolsVersionNotOnFirstLine(let version, _):
            return "the swift tools version specification (\(version)) is not on the first line; SwiftPM accepts it on a later line only from 6.0: move it to the first line or raise the tools version"
        case .toolsVersionSpacingAfterMarker(let version, _):
            return "swift tools version \(version) needs exactly one space between '//' and 'swift-tools-version:'; \(Self.toolsVersionAdvice)"
        case .toolsVersionSpacingAfterLabel(let version, _):
            return "swift tools version \(version) allows no space between 'swift-tools-version:' and the version; \(Self.toolsVersionAdvice)"
        case .unsupportedToolsVersion(let version, _):
            return "swift tools version \(version) is no longer supported by SwiftPM (the oldest is \(ToolsVersion.minimumSupported)); \(Self.toolsVersionAdvice)"
        case .toolsVersionTooNew(let version, _):
            return "the manifest needs swift tools version \(version) but this toolchain is \(ToolsVersion.current); install a newer Swift toolchain or lower the package's tools version"
        case .syntaxError(let diagnostic, _):
            return "syntax error: \(diagnostic); fix the manifest so that it compiles"
        case .packageRedeclared(let variable, let firstLine, _):
            return "'\(variable)' is declared again (first at line \(firstLine)); Swift refuses the manifest ('invalid redeclaration of '\(variable)''), so keep one 'let \(variable) = Package(...)'"
        case .noPackageDeclaration:
            return "the manifest declares no 'let package = Package(...)'; declare the package that way"
        case .unknownPackageArgument(let label, _):
            return "'Package(...)' has no argument '\(label)'; use the labels of PackageDescription's 'Package' initializer"
        case .packageWithoutName:
            return "'Package(...)' has no 'name:'; give the package a name"
        case .targetWithoutName(let declaration, _):
            return "'.\(declaration)(...)' has no 'name:'; give the target a name"
        case .invalidVersion(let text, _):
            return "'\(text)' is not a semantic version like '1.2.3'; SwiftPM rejects it, so write all three numbers"
        case .typeMismatch(let found, let expected, _):
            return "\(found) stands where \(expected) is expected; Swift does not compile the manifest, so SwiftPM rejects it: write \(expected)"
        case .rejectedBySwiftPM(let reason, _):
            return "SwiftPM rejects the manifest: \(reason); fix the value"
        case .duplicateTarget(let name, _):
            return "duplicate target named '\(name)'; SwiftPM refuses the package: rename or remove one of them"
        case .undeclaredTarget(let name, let dependent, _):
            return
                "target '\(name)' in the dependencies of target '\(dependent)' is not declared in this package; SwiftPM refuses it (Source files for target \(name) should be located under 'Sources/\(name)'…): declare the target or fix the name"
        case .unknownPackage(let package, let target, let validPackages, _):
            return "unknown package '\(package)' in dependencies of target '\(target)'; valid packages are: \(validPackages); declare it under 'dependencies:' or fix the name"
        case .productNotFound(let name, let package, let target, let suggestion, _):
            return "product '\(name)' required by package '\(package)' target '\(target)' not found.\(suggestion) SwiftPM refuses it: declare the target, or the package that vends the product"
        case .dumpPackageFailed(let manifest, let standardError, let status):
            return "'swift package dump-package' could not load '\(manifest)':\n\(standardError.isEmpty ? "exit status \(status)" : standardError)"
        case .dumpPackageNotJSON(let manifest):
            return "'swift package dump-package' printed something that is not JSON for '\(manifest)'; check the toolchain with 'swift package dump-package'"
        case .dumpPackageInvalid(let manifest, let what):
            return "'swift package dump-package' output for '\(manifest)' has no valid \(what); this toolchain's SwiftPM writes a format mfe does not know"
        }
    }

    /// How to write the tools-version line, which every complaint about it ends with.
    static var toolsVersionAdvice: String {
        "write '\(ToolsVersion.current.specification)' (or the oldest version the package supports) as the first line"
    }

    /// The error for a failed `swift package dump-package` of `manifest` (a path or a label).
    package static func dumpPackageFailed(manifest: String, result: ProcessResult) -> ManifestError {
        .dumpPackageFailed(manifest: manifest, standardError: result.standardError.trimmingCharacters(in: .whitespacesAndNewlines), status: result.status)
    }
}
