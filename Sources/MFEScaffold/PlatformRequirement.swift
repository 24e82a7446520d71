import MFECore

/// A platform and its minimum version, as `mfe create --platform ios:17` and a workspace's
/// `platforms:` give it, and as `Package.swift`'s `platforms:` writes it (`.iOS(.v17)`).
package struct PlatformRequirement: Sendable, Equatable, Hashable {
    /// The platforms SwiftPM knows, by the lowercase name mfe accepts, with the name
    /// PackageDescription spells and the major versions its `.vN` constants cover in
    /// swift-tools-version 6.0.
    static let known: [(name: String, swiftName: String, majors: ClosedRange<Int>)] = [
        ("ios", "iOS", 12...18),
        ("macos", "macOS", 11...15),
        ("maccatalyst", "macCatalyst", 13...18),
        ("tvos", "tvOS", 12...18),
        ("watchos", "watchOS", 4...11),
        ("visionos", "visionOS", 1...2),
    ]

    /// What mfe generates when neither `--platform` nor the workspace says otherwise.
    package static let defaults = [PlatformRequirement(swiftName: "iOS", version: "17"), PlatformRequirement(swiftName: "macOS", version: "14")]

    /// The platform as PackageDescription spells it: `iOS`, `macOS`, ….
    package var swiftName: String
    /// The minimum version: `17`, `17.4`, `10.15`.
    package var version: String

    /// Creates a requirement.
    package init(swiftName: String, version: String) {
        self.swiftName = swiftName
        self.version = version
    }

    /// Parses `ios:17` (case-insensitive name, a version of one to three numbers), or says what
    /// is wrong with it, naming `source` (`'--platform ios'`, `mfe.yml:4`).
    package static func parse(_ text: String, source: String) -> Result<PlatformRequirement, PlainInputError> {
        let names = known.map(\.name).joined(separator: ", ")
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return .failure(PlainInputError("\(source): '\(text)' is not a platform; write NAME:VERSION, e.g. 'ios:17' or 'macos:14' (names: \(names))"))
        }
        let name = parts[0].lowercased(), version = String(parts[1])
        guard let platform = known.first(where: { $0.name == name }) else {
            return .failure(PlainInputError("\(source): unknown platform '\(parts[0])'; use one of \(names)"))
        }
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigitCharacter) }) else {
            return .failure(PlainInputError("\(source): '\(version)' is not a version of \(platform.swiftName); write numbers such as '17' or '17.4'"))
        }
        return .success(PlatformRequirement(swiftName: platform.swiftName, version: version))
    }

    /// The `platforms:` entry of `Package.swift`: `.iOS(.v17)`, `.macOS(.v10_15)` for versions
    /// PackageDescription names, else the string form `.iOS("17.4")`.
    package var manifestEntry: String {
        let numbers = version.split(separator: ".").compactMap { Int($0) }
        let trailingZeros = numbers.dropFirst().allSatisfy { $0 == 0 }
        if let platform = Self.known.first(where: { $0.swiftName == swiftName }), let major = numbers.first, trailingZeros, platform.majors.contains(major) {
            return ".\(swiftName)(.v\(major))"
        }
        if swiftName == "macOS", numbers.count >= 2, numbers[0] == 10, (13...15).contains(numbers[1]), numbers.dropFirst(2).allSatisfy({ $0 == 0 }) {
            return ".macOS(.v10_\(numbers[1]))"
        }
        return ".\(swiftName)(\"\(version)\")"
    }

    /// The version as Xcode's deployment-target settings write it: `17.0`, `17.4`.
    package var deploymentTarget: String {
        version.contains(".") ? version : version + ".0"
    }
}

extension Character {
    var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}

extension Array where Element == PlatformRequirement {
    /// The iOS requirement, if any: an iOS app target is generated only when there is one.
    package var iOS: PlatformRequirement? { first { $0.swiftName == "iOS" } }

    /// `[.iOS(.v17), .macOS(.v14)]`'s inside, in the order given.
    package var manifestList: String { map(\.manifestEntry).joined(separator: ", ") }
}
