import Foundation
import MFECore

/// A platform and its minimum version, as `mfe create --platform iOS:17` and a workspace's
/// `platforms: [iOS 17, macOS 14]` give it, and as `Package.swift`'s `platforms:` writes it
/// (`.iOS(.v17)`).
package struct PlatformRequirement: Sendable, Equatable, Hashable {
    /// SwiftPM's `SupportedPlatform`s, as PackageDescription spells them, with the oldest
    /// version mfe generates code for and the major versions PackageDescription's `.vN`
    /// constants cover. The minimums are what the generated SwiftUI needs (`@Observable`,
    /// `@Bindable`, `ContentUnavailableView`, `onChange(of:initial:_:)`: iOS 17, macOS 14, tvOS
    /// 17, watchOS 10, visionOS 1); DriverKit, where none of it compiles, keeps
    /// swift-tools-version 6.0's own.
    static let known: [(swiftName: String, minimum: [Int], majors: ClosedRange<Int>)] = [
        ("iOS", [17], 12...18),
        ("macOS", [14], 11...15),
        ("macCatalyst", [17], 13...18),
        ("tvOS", [17], 12...18),
        ("watchOS", [10], 4...11),
        ("visionOS", [1], 1...2),
        ("driverKit", [19], 19...24),
    ]

    /// macOS at the oldest version the generated code builds for: `swift build` on a Mac (the
    /// generated CI's macOS job, a developer's laptop) builds every package for macOS whatever
    /// its `platforms:` says, and without a macOS entry SwiftPM assumes a version older than
    /// the generated SwiftUI needs.
    package static let macOSFloor = PlatformRequirement(swiftName: "macOS", version: "14")

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

    /// Parses `iOS:17` or `iOS 17` (the name in any case; a version of one to three numbers, not
    /// older than the generated code needs), or says what is wrong with it and how to write it.
    package static func parse(_ text: String) -> Result<PlatformRequirement, PlatformError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(maxSplits: 1) { $0 == ":" || $0 == " " }.map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(.notAPlatform(text))
        }
        guard let platform = known.first(where: { $0.swiftName.lowercased() == parts[0].lowercased() }) else {
            return .failure(.unknownPlatform(parts[0]))
        }
        let version = parts[1]
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(numbers.count), numbers.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigitCharacter) }) else {
            return .failure(.notAVersion(version, platform: platform.swiftName, newestMajor: platform.majors.upperBound))
        }
        let given = numbers.compactMap { Int($0) }
        if given.lexicographicallyPrecedes(platform.minimum) {
            return .failure(.tooOld(platform: platform.swiftName, version: version, minimum: platform.minimum.map(String.init).joined(separator: ".")))
        }
        return .success(PlatformRequirement(swiftName: platform.swiftName, version: version))
    }

    /// Parses every entry of a list (`--platform` flags, or `platforms:`), each problem prefixed
    /// with where it came from by `source`; a platform given twice is a problem too.
    package static func parse(_ texts: [String], source: (Int) -> String) -> (platforms: [PlatformRequirement], problems: [PlatformError]) {
        var platforms: [PlatformRequirement] = []
        var problems: [PlatformError] = []
        for (index, text) in texts.enumerated() {
            switch parse(text) {
            case .success(let platform):
                if let earlier = platforms.first(where: { $0.swiftName == platform.swiftName }) {
                    problems.append(.entry(source(index), .givenTwice(platform: platform.swiftName, first: earlier.version, second: platform.version)))
                } else {
                    platforms.append(platform)
                }
            case .failure(let problem):
                problems.append(.entry(source(index), problem))
            }
        }
        return (platforms, problems)
    }

    /// How `mfe.yml`'s `platforms:` writes it: `iOS 17`.
    package var yamlEntry: String { "\(swiftName) \(version)" }

    /// The `platforms:` entry of `Package.swift`: `.iOS(.v17)`, `.macOS(.v14)` for versions
    /// PackageDescription names, else the string form `.iOS("17.4")`.
    package var manifestEntry: String {
        let numbers = version.split(separator: ".").compactMap { Int($0) }
        let trailingZeros = numbers.dropFirst().allSatisfy { $0 == 0 }
        if let platform = Self.known.first(where: { $0.swiftName == swiftName }), let major = numbers.first, trailingZeros, platform.majors.contains(major) {
            return ".\(swiftName)(.v\(major))"
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

    /// The list with `PlatformRequirement.macOSFloor` added when it has no macOS: what mfe
    /// writes, so `swift build` on a Mac builds the generated code (`--platform iOS:17` alone
    /// would leave macOS at SwiftPM's default, older than `@Observable`).
    package var buildableOnAMac: [PlatformRequirement] {
        contains { $0.swiftName == "macOS" } ? self : self + [PlatformRequirement.macOSFloor]
    }
}

/// A platform and version (`--platform`, `platforms:`) mfe cannot use.
package indirect enum PlatformError: InputError, Equatable {
    /// Not `NAME:VERSION` or `NAME VERSION`.
    case notAPlatform(String)
    /// A name SwiftPM does not know.
    case unknownPlatform(String)
    /// A version that is not one to three numbers; `newestMajor` makes the example.
    case notAVersion(String, platform: String, newestMajor: Int)
    /// A version older than the generated code needs (or, for DriverKit, than
    /// swift-tools-version 6.0 supports).
    case tooOld(platform: String, version: String, minimum: String)
    /// A platform given twice in one list.
    case givenTwice(platform: String, first: String, second: String)
    /// `problem` in the entry that `source` names (`'--platform iOS'`, `'platforms:'`).
    case entry(String, PlatformError)

    package var errorDescription: String? {
        switch self {
        case .notAPlatform(let text):
            return "'\(text)' is not a platform and version; write NAME:VERSION or NAME VERSION, e.g. 'iOS:17' or 'macOS 14' (platforms: \(Self.names))"
        case .unknownPlatform(let name):
            return "unknown platform '\(name)'; SwiftPM supports \(Self.names)"
        case .notAVersion(let version, let platform, let newestMajor):
            return "'\(version)' is not a version of \(platform); write numbers such as '\(newestMajor)' or '\(newestMajor).2'"
        case .tooOld(let platform, let version, let minimum):
            if platform == "driverKit" {
                return "\(platform) \(version) is older than swift-tools-version 6.0 supports; use \(platform) \(minimum) or later"
            }
            return
                "\(platform) \(version) is too old for the code mfe generates, which uses @Observable, @Bindable, ContentUnavailableView and onChange(of:initial:) (\(platform) \(minimum) or later); use \(platform) \(minimum) or later"
        case .givenTwice(let platform, let first, let second):
            return "\(platform) is given twice ('\(first)' and '\(second)'); give each platform once"
        case .entry(let source, let problem):
            return "\(source): \(problem.errorDescription ?? "")"
        }
    }

    /// The platforms SwiftPM supports, for messages.
    private static var names: String { PlatformRequirement.known.map(\.swiftName).joined(separator: ", ") }
}
