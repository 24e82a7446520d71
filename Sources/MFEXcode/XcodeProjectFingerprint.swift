import Foundation
import MFECore

/// What of a `project.pbxproj` can change a build, per target, so `mfe affected` can tell
/// which targets a project change touches rather than taking the whole project: each
/// target's object with every object it refers to written out in full (build phases, build
/// files and the files they name, build configurations and their settings, dependencies,
/// package products and their package references), other targets by name only, and the
/// project's own build configurations. Object identifiers are replaced by what they name, so
/// a file whose identifiers were regenerated (XcodeGen, Tuist, a merge tool) compares equal.
/// The paths groups give files, and the names and host that build settings resolve to (from
/// the file alone, as at both revisions alike), are added from the parsed project.
package struct XcodeProjectFingerprint: Sendable, Equatable {
    /// What every target inherits: the project's build configurations (their settings and
    /// `.xcconfig` files) and the folders added as local packages.
    package var inherited: String
    /// The project as read from the same bytes (without `.xcconfig` files or lines): what its targets
    /// owned, for files deleted from them.
    package var project: XcodeProject
    /// Target name → its definition written out.
    package var targets: [String: String]

    /// The fingerprint of the bytes of the `project.pbxproj` of the `.xcodeproj` at
    /// `projectPath` (absolute), named `pbxprojPath` in the project's locations; nil when they are not a project mfe reads (a merge conflict,
    /// another file), so the caller takes the whole project as changed.
    package init?(_ data: Data, projectPath: String, pbxprojPath: String) {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil), let top = plist as? [String: Any],
            let objects = top["objects"] as? [String: Any], let rootID = top["rootObject"] as? String, let root = objects[rootID] as? [String: Any],
            let parsed = try? XcodeProjectReader.parse(data, propertyList: plist, projectPath: projectPath, pbxprojPath: pbxprojPath, lines: false)
        else { return nil }
        let writer = Writer(objects: objects)
        project = parsed
        inherited = writer.text(of: root["buildConfigurationList"] ?? "") + writer.text(of: parsed.packageFolders.map(\.path)) + parsed.rootDirectory
        var resolved: [String: XcodeTarget] = [:]
        for target in parsed.targets { resolved[target.name] = target }
        var targets: [String: String] = [:]
        for id in root["targets"] as? [String] ?? [] {
            guard let object = objects[id] as? [String: Any], let name = object["name"] as? String, let target = resolved[name] else { return nil }
            let paths: [Any] = [target.folders, target.excluded, target.files.sorted(), target.embedded, [target.productName, target.builtProductName, target.testHost ?? ""]]
            targets[name] = writer.text(of: object, inside: [id]) + writer.text(of: paths)
        }
        self.targets = targets
    }

    /// The names of the targets whose definition differs between `base` and `head` (added ones
    /// included; removed ones are gone from the graph, and the targets depending on them
    /// changed their own `dependencies`), or every target of `head` when what all targets
    /// inherit changed.
    package static func changedTargets(from base: XcodeProjectFingerprint, to head: XcodeProjectFingerprint) -> Set<String> {
        if base.inherited != head.inherited { return Set(head.targets.keys) }
        return Set(head.targets.compactMap { name, text in base.targets[name] == text ? nil : name })
    }

    /// Writes plist values with the objects they name inlined.
    struct Writer {
        let objects: [String: Any]

        /// Objects another target's definition must not take in: targets (named instead) and
        /// the project (every target would take in all the others).
        static let named: Set<String> = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget", "PBXProject"]

        /// `value` written out; `inside` holds the objects being written, so a cycle (an
        /// exception set naming its target) writes the identifier's kind instead of looping.
        func text(of value: Any, inside: Set<String> = []) -> String {
            switch value {
            case let string as String:
                guard let object = objects[string] as? [String: Any] else { return Self.quoted(string) }
                let isa = object["isa"] as? String ?? ""
                if Self.named.contains(isa) { return "<\(isa) \(Self.quoted(object["name"] as? String ?? ""))>" }
                if inside.contains(string) { return "<\(isa)>" }
                return text(of: object, inside: inside.union([string]))
            case let array as [Any]:
                return "(" + array.map { text(of: $0, inside: inside) }.joined(separator: ",") + ")"
            case let dictionary as [String: Any]:
                return "{" + dictionary.keys.sorted().map { Self.quoted($0) + "=" + text(of: dictionary[$0] ?? "", inside: inside) }.joined(separator: ";") + "}"
            case let data as Data:
                return "<" + data.base64EncodedString() + ">"
            default:
                return Self.quoted(String(describing: value))
            }
        }

        static func quoted(_ text: String) -> String {
            guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return "\"" + text + "\"" }
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }
}
