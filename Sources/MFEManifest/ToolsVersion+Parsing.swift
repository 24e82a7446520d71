import MFECore

extension ToolsVersion {
    /// The tools version of the running toolchain: the version `Package@swift-X.Y.swift` files
    /// are chosen by, and the one suggested in error messages.
    package static let current: ToolsVersion = {
        let components = HostBuildConfiguration.toolchainVersion.components
        return ToolsVersion(components[0], components.count > 1 ? components[1] : 0, components.count > 2 ? components[2] : 0)
    }()

    /// The oldest tools version SwiftPM still loads.
    package static let minimumSupported = ToolsVersion(4, 0)

    /// The specification line SwiftPM suggests for this version: `// swift-tools-version: 6.3.1`.
    package var specification: String {
        "// swift-tools-version: \(major).\(minor)\(patch == 0 ? "" : ".\(patch)")"
    }

    /// Parses a version specifier as SwiftPM's `ToolsVersion(string:)`: `major.minor` with an
    /// optional `.patch`, then optional pre-release and build suffixes (ignored).
    package init?(specifier: Substring) {
        var rest = specifier
        func number() -> Int? {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            return value
        }
        guard let major = number(), rest.first == "." else { return nil }
        rest = rest.dropFirst()
        guard let minor = number() else { return nil }
        var patch = 0
        if rest.first == "." {
            rest = rest.dropFirst()
            guard let value = number() else { return nil }
            patch = value
        }
        for marker in ["-", "+"] where rest.first == Character(marker) {
            let end = marker == "-" ? rest.firstIndex(of: "+") ?? rest.endIndex : rest.endIndex
            let suffix = rest[rest.index(after: rest.startIndex)..<end]
            let valid = !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard valid else { return nil }
            rest = rest[end...]
        }
        guard rest.isEmpty else { return nil }
        self.init(major, minor, patch)
    }

    /// Reads the `// swift-tools-version:` specification at the top of a manifest with
    /// SwiftPM's rules (`ToolsVersionParser`): any horizontal spacing from 5.4 on, a
    /// case-insensitive label, an optional `;` ending the version. Throws a located error saying
    /// how to write it when it is missing or malformed, or (with `checkingSupport`) when SwiftPM
    /// on this toolchain would not load that version.
    ///
    /// As SwiftPM 6 does, a specification that is not at the top may stand on a later line
    /// (after the `import` lines, say): the first later line that holds a valid one is taken
    /// when its version is 6.0 or later, and refused as SwiftPM refuses it below 6.0. When no
    /// line holds one, the error is the one about the top of the file.
    package static func parseSpecification(in source: String, manifestPath: String, checkingSupport: Bool = true) throws -> ToolsVersion {
        if source.isEmpty { throw ManifestError.emptyManifest(at: SourceLocation(file: manifestPath, line: 1, column: 1)) }
        let version: ToolsVersion
        let location: SourceLocation
        do {
            (version, location) = try parseTop(of: source[...], firstLine: 1, manifestPath: manifestPath)
        } catch let error {
            guard let later = try laterSpecification(in: source, manifestPath: manifestPath) else { throw error }
            (version, location) = later
        }
        guard checkingSupport else { return version }
        if version < minimumSupported {
            throw ManifestError.unsupportedToolsVersion(version, at: location)
        }
        if version > current {
            throw ManifestError.toolsVersionTooNew(version, at: location)
        }
        return version
    }

    /// The first specification SwiftPM finds after a line break (`ToolsVersionParser.parse`
    /// keeps scanning when the top does not hold one); nil when none does.
    private static func laterSpecification(in source: String, manifestPath: String) throws -> (ToolsVersion, SourceLocation)? {
        var line = 1
        var index = source.startIndex
        while let newline = source[index...].firstIndex(where: \.isNewline) {
            line += 1
            index = source.index(after: newline)
            let rest = source[index...]
            guard !rest.isEmpty, let found = try? parseTop(of: rest, firstLine: line, manifestPath: manifestPath) else { continue }
            guard found.version >= ToolsVersion(6, 0) else {
                throw ManifestError.toolsVersionNotOnFirstLine(found.version, at: found.location)
            }
            return found
        }
        return nil
    }

    /// The specification at the top of `source` (after its leading whitespace), whose first
    /// line is line `firstLine` of the manifest.
    private static func parseTop(of source: Substring, firstLine: Int, manifestPath: String) throws -> (version: ToolsVersion, location: SourceLocation) {
        let scalars = source.unicodeScalars
        let start = scalars.firstIndex { !$0.properties.isWhitespace } ?? scalars.endIndex
        let leadingWhitespace = scalars[scalars.startIndex..<start]
        let line = firstLine + leadingWhitespace.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let lineEnd = scalars[start...].firstIndex { Self.isNewline($0) } ?? scalars.endIndex
        let specification = Substring(scalars[start..<lineEnd])
        let location = SourceLocation(file: manifestPath, line: line, column: 1)

        let commentMarker = specification.prefix { $0 == "/" || $0 == "*" }
        guard !commentMarker.isEmpty else { throw ManifestError.noToolsVersion(at: location) }
        let afterMarker = specification[commentMarker.endIndex...]
        let spacingAfterMarker = afterMarker.prefix { $0.isWhitespace }
        let fromLabel = afterMarker[spacingAfterMarker.endIndex...]

        let label: Substring
        let spacingAfterLabel: Substring
        let versionStart: Substring.Index
        if fromLabel.lowercased().hasPrefix("swift-tools-version:") {
            let labelEnd = fromLabel.index(after: fromLabel.firstIndex(of: ":")!)
            label = fromLabel[..<labelEnd]
            versionStart = fromLabel[labelEnd...].firstIndex { !$0.isWhitespace } ?? fromLabel.endIndex
            spacingAfterLabel = fromLabel[labelEnd..<versionStart]
        } else {
            versionStart = fromLabel.firstIndex { $0.isNumber } ?? fromLabel.endIndex
            let labelEnd = fromLabel[..<versionStart].firstIndex { $0.isWhitespace } ?? versionStart
            label = fromLabel[..<labelEnd]
            spacingAfterLabel = fromLabel[labelEnd..<versionStart]
        }
        let versionEnd = fromLabel[versionStart...].firstIndex(of: ";") ?? fromLabel.endIndex
        let specifier = fromLabel[versionStart..<versionEnd]

        guard !label.isEmpty else { throw ManifestError.noToolsVersionLabel(at: location) }
        guard !specifier.isEmpty else { throw ManifestError.noToolsVersionNumber(at: location) }
        guard commentMarker == "//" else { throw ManifestError.toolsVersionCommentMarker(String(commentMarker), at: location) }
        guard label.lowercased() == "swift-tools-version:" else { throw ManifestError.misspeltToolsVersionLabel(String(label), at: location) }
        guard let version = ToolsVersion(specifier: specifier) else { throw ManifestError.invalidToolsVersion(String(specifier), at: location) }

        if version < ToolsVersion(5, 4) {
            if !leadingWhitespace.allSatisfy({ $0 == "\n" }) {
                throw ManifestError.toolsVersionNotFirst(version, at: location)
            }
            if spacingAfterMarker != " " {
                throw ManifestError.toolsVersionSpacingAfterMarker(version, at: location)
            }
            if !spacingAfterLabel.isEmpty {
                throw ManifestError.toolsVersionSpacingAfterLabel(version, at: location)
            }
        }
        return (version, location)
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }
}
