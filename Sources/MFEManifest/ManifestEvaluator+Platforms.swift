import MFECore
import SwiftSyntax

/// `platforms:`, the minimum deployment versions `dump-package` shows (the graph does not
/// depend on them).
extension ManifestEvaluator {
    static let supportedPlatformNames: [String: String] = [
        "macOS": "macos", "macCatalyst": "maccatalyst", "iOS": "ios", "tvOS": "tvos", "watchOS": "watchos",
        "visionOS": "visionos", "driverKit": "driverkit",
    ]

    static let supportedPlatformQualifiers: Set<String> = ["SupportedPlatform", "PackageDescription.SupportedPlatform"]

    /// `[.macOS(.v13), .iOS("16.0"), .custom("freebsd", versionString: "14.0")]`, or `nil`.
    mutating func supportedPlatforms(_ expression: ExprSyntax, at position: Int) throws -> [SupportedPlatform] {
        if try isNil(expression, at: position) { return [] }
        return try list(expression, at: position, expected: "a list of platforms") { evaluator, item, index in
            try evaluator.supportedPlatform(item, at: index)
        }
    }

    /// `.macOS(.v13)`, `.iOS("16.0")`, `.custom("name", versionString: "1.0")`, or a constant.
    mutating func supportedPlatform(_ expression: ExprSyntax, at position: Int) throws -> SupportedPlatform {
        let expression = Self.unwrap(expression)
        if let value = try indirection(
            expression, at: position, type: "SupportedPlatform",
            evaluate: { evaluator, body, index in
                try evaluator.supportedPlatform(body, at: index)
            })
        {
            return value
        }
        guard let call = try factory(expression, qualifiers: Self.supportedPlatformQualifiers) else {
            throw cannotEvaluate(expression, expected: "a platform such as '.macOS(.v13)'")
        }
        if call.name == "custom", let name = call.unlabelled.first, let version = call.argument("versionString") {
            return SupportedPlatform(name: try string(name, at: position), version: try string(version, at: position))
        }
        guard let name = Self.supportedPlatformNames[call.name], call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else {
            throw cannotEvaluate(expression, expected: "a platform such as '.macOS(.v13)'")
        }
        let version = Self.unwrap(argument.expression)
        if let member = version.as(MemberAccessExprSyntax.self), let text = Self.platformVersion(member) {
            return SupportedPlatform(name: name, version: text)
        }
        let text = try string(version, at: position)
        guard let normalised = Self.normalisedPlatformVersion(text, platform: call.name) else {
            throw refusal(version, "the platform version '\(text)', which SwiftPM rejects or splits into options,")
        }
        return SupportedPlatform(name: name, version: normalised)
    }

    /// The least major version PackageDescription accepts per platform (`AppleOSVersion`).
    static let minimumMajorVersions: [String: UInt] = [
        "macOS": 10, "macCatalyst": 13, "iOS": 2, "tvOS": 9, "watchOS": 2, "visionOS": 1, "driverKit": 19,
    ]

    /// A version string as SwiftPM keeps it: PackageDescription accepts one to three
    /// dot-separated components whose first two are integers (`"15"`, `"13.0.1"`) and at least
    /// the platform's first version; `PlatformDescription` keeps the first two and a third
    /// integer. Nil for what SwiftPM rejects or keeps as options (`"10.15.foo"`).
    static func normalisedPlatformVersion(_ text: String, platform: String) -> String? {
        let components = text.split(separator: ".", omittingEmptySubsequences: false)
        guard components.count <= 3, components.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && UInt($0) != nil }),
            let major = UInt(components[0]), major >= minimumMajorVersions[platform, default: 0]
        else { return nil }
        return text
    }

    /// `.v10_15` → `10.15`, `.v13` → `13.0`; nil for anything else.
    static func platformVersion(_ member: MemberAccessExprSyntax) -> String? {
        if let base = member.base {
            let qualifier = base.trimmedDescription
            guard qualifier.hasSuffix("Version"), qualifier.allSatisfy({ $0.isLetter || $0 == "." }) else { return nil }
        }
        let name = member.declName.baseName.text
        guard name.hasPrefix("v"), member.declName.argumentNames == nil else { return nil }
        let parts = name.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return parts.count == 1 ? "\(parts[0]).0" : parts.joined(separator: ".")
    }
}
