/// Checks the names `mfe create` and `mfe init` give packages and targets: each becomes a
/// module name, a folder name and a Swift type prefix, so it must be all three safely.
package enum NameValidation {
    /// Swift's keywords (declarations, statements, expressions and types), which cannot name a
    /// module or type without backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package",
        "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol", "some", "any", "_",
    ]

    /// Modules of the toolchain and the Apple and Linux SDKs: a package or target with one of
    /// these names would shadow it (compared case-insensitively, as file systems may).
    package static let systemModules: [String] = [
        "Swift", "SwiftShims", "_Concurrency", "_StringProcessing", "_Differentiation", "Foundation",
        "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "XCTest", "Testing", "SwiftUI", "UIKit", "AppKit", "Cocoa", "Dispatch",
        "Combine", "WebKit", "Glibc", "Musl", "Bionic", "Android", "WinSDK", "CRT", "Darwin", "os",
        "ObjectiveC", "Observation", "Synchronization", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib",
        "PackageDescription", "PackagePlugin", "CoreGraphics", "CoreData", "CoreLocation", "CoreImage",
        "CoreText", "CoreML", "CoreMotion", "CoreBluetooth", "QuartzCore", "SwiftData", "MapKit",
        "StoreKit", "AVFoundation", "AVKit", "Photos", "PhotosUI", "UserNotifications", "Security",
        "Network", "CryptoKit", "Charts", "WidgetKit", "AppIntents", "SafariServices",
        "AuthenticationServices", "LocalAuthentication", "CloudKit", "GameKit", "SpriteKit",
        "SceneKit", "RealityKit", "ARKit", "Metal", "MetalKit", "Accelerate", "System", "OSLog",
    ]

    /// The most characters a name may have; the longest derived target name stays well under
    /// file-system limits.
    package static let maximumLength = 100

    /// Every problem with `name` as the name of `what` (e.g. "the feature name"), empty when it
    /// is a valid name. Problems are full sentences saying what to do.
    package static func problems(with name: String, as what: String) -> [ScaffoldError] {
        var problems: [ScaffoldError] = []
        if name.isEmpty {
            return [.emptyName(what: what)]
        }
        if name.count > maximumLength {
            problems.append(.nameTooLong(name, what: what))
        }
        if !name.unicodeScalars.allSatisfy(\.isASCII) {
            problems.append(.nameNotASCII(name, what: what))
        } else if !isIdentifier(name) {
            problems.append(.nameNotIdentifier(name, what: what))
        } else if keywords.contains(name) {
            problems.append(.nameIsKeyword(name, what: what))
        } else if !isUpperCamelCase(name) {
            problems.append(.nameNotUpperCamelCase(name, what: what))
        }
        if let module = systemModules.first(where: { $0.lowercased() == name.lowercased() }) {
            problems.append(.nameIsSystemModule(name, what: what, module: module))
        }
        return problems
    }

    /// Problems with the names derived from a valid feature name (`NAMEInterface`, ...): only
    /// clashes with system modules can arise.
    package static func problems(withDerivedNames names: [String]) -> [ScaffoldError] {
        names.compactMap { derived in
            systemModules.first { $0.lowercased() == derived.lowercased() }.map { .derivedNameIsSystemModule(derived, module: $0) }
        }
    }

    /// Whether `name` is a plain Swift identifier made of ASCII letters, digits and `_`, not
    /// starting with a digit.
    package static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    /// Whether `name` starts with an uppercase ASCII letter and has only letters and digits.
    package static func isUpperCamelCase(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
    }

    /// An UpperCamelCase name close to `name`: separators dropped, each word capitalised.
    static func suggestion(for name: String) -> String {
        // Letters with accents keep their base letter (`Ünïcode` → `Unicode`).
        let folded = String(
            String.UnicodeScalarView(
                name.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                    $0.properties.generalCategory != .nonspacingMark
                }))
        let words = folded.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var result = words.map { String($0).capitalizedFirst }.joined()
        while let first = result.first, first.isNumber { result.removeFirst() }
        return result.isEmpty ? "Search" : result
    }
}

extension String {
    /// The string with its first character uppercased.
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    /// The string as a lowerCamelCase identifier: `RestaurantOrder` → `restaurantOrder`,
    /// `URLLoader` → `urlLoader`, `API` → `api`.
    var lowerCamelCased: String {
        let characters = Array(self)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return self }
        // Keep the last capital of an acronym when a lowercase word follows it (`URLLoader`).
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
