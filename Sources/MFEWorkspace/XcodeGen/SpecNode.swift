import Foundation
import MFECore
import Yams

/// A value of an XcodeGen spec after `include:` merging, template and platform expansion,
/// that still knows where it was written: the file and line of every value, and the folder
/// its paths are relative to (the including or the included file's, as `relativePaths` says).
struct SpecNode: Sendable, Equatable {
    /// A key of a mapping, with where it is written.
    struct Entry: Sendable, Equatable {
        /// The key (`:REPLACE` already applied).
        var key: String
        /// The key's line.
        var location: SourceLocation
        /// Its value.
        var value: SpecNode
    }

    /// What the value is.
    enum Kind: Sendable, Equatable {
        case scalar(String)
        case null
        case list([SpecNode])
        case map([Entry])
    }

    /// What the value is.
    var kind: Kind
    /// Where it is written.
    var location: SourceLocation
    /// The folder (absolute) the value's paths are relative to.
    var pathBase: String

    /// The string of a scalar; nil for anything else.
    var string: String? {
        if case .scalar(let text) = kind { return text }
        return nil
    }

    /// The entries of a mapping; nil for anything else.
    var entries: [Entry]? {
        if case .map(let entries) = kind { return entries }
        return nil
    }

    /// The items of a list; nil for anything else.
    var items: [SpecNode]? {
        if case .list(let items) = kind { return items }
        return nil
    }

    /// The value of `key` in a mapping (the last one written, as a dictionary keeps it).
    subscript(key: String) -> SpecNode? {
        entries?.last { $0.key == key }?.value
    }

    /// The entry of `key` in a mapping.
    func entry(_ key: String) -> Entry? {
        entries?.last { $0.key == key }
    }

    /// A scalar as a list of one, a list as itself: XcodeGen accepts both for `sources`,
    /// `include` and `platform`.
    var listOrSingle: [SpecNode] {
        switch kind {
        case .list(let items): return items
        case .null: return []
        default: return [self]
        }
    }

    /// XcodeGen's boolean reading of a scalar (`true`, `YES`, `1`…); nil for anything else.
    var bool: Bool? {
        guard let text = string else { return nil }
        switch text.lowercased() {
        case "true", "yes", "y", "on", "1": return true
        case "false", "no", "n", "off", "0": return false
        default: return nil
        }
    }
}

extension SpecNode {
    /// The node of a Yams value read from `file`, with `pathBase` for its paths. YAML merge
    /// keys (`<<`) are applied as XcodeGen's YAML loader applies them: the entries they bring
    /// are added unless the mapping sets the key itself.
    init(_ node: Node, file: String, pathBase: String) {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        self.location = location
        self.pathBase = pathBase
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) {
                kind = .null
            } else {
                kind = .scalar(scalar.string)
            }
        case .sequence(let sequence):
            kind = .list(sequence.map { SpecNode($0, file: file, pathBase: pathBase) })
        case .mapping(let mapping):
            var entries: [Entry] = []
            var merged: [Entry] = []
            for (key, value) in mapping {
                let keyText = key.string ?? ""
                if keyText == "<<" {
                    for source in (value.sequence.map(Array.init) ?? [value]) {
                        merged += SpecNode(source, file: file, pathBase: pathBase).entries ?? []
                    }
                    continue
                }
                let keyLocation = SourceLocation(file: file, line: key.mark?.line ?? location.line, column: key.mark?.column ?? location.column)
                entries.append(Entry(key: keyText, location: keyLocation, value: SpecNode(value, file: file, pathBase: pathBase)))
            }
            let own = Set(entries.map(\.key))
            kind = .map(entries + merged.filter { !own.contains($0.key) })
        default:
            kind = .null
        }
    }

    /// `self` merged onto `base` as XcodeGen merges specs and templates: mappings merge key
    /// by key, lists are appended, anything else replaces; a key ending in `:REPLACE`
    /// replaces whatever was there.
    func merged(onto base: SpecNode) -> SpecNode {
        guard case .map(let mine) = kind, case .map(var result) = base.kind else { return self }
        for entry in mine {
            if entry.key.hasSuffix(":REPLACE") {
                let key = String(entry.key.dropLast(":REPLACE".count))
                result.removeAll { $0.key == key }
                result.append(Entry(key: key, location: entry.location, value: entry.value))
            } else if let index = result.lastIndex(where: { $0.key == entry.key }) {
                let existing = result[index].value
                switch (entry.value.kind, existing.kind) {
                case (.map, .map):
                    result[index].value = entry.value.merged(onto: existing)
                case (.list(let added), .list(let items)):
                    result[index].value = SpecNode(kind: .list(items + added), location: entry.value.location, pathBase: entry.value.pathBase)
                default:
                    result[index] = entry
                }
            } else {
                result.append(entry)
            }
        }
        return SpecNode(kind: .map(result), location: location, pathBase: pathBase)
    }

    /// Every `${name}` with a value in `variables` replaced, in keys and values, as XcodeGen
    /// expands `${target_name}`, `${platform}` and template attributes. Others stay.
    func expanding(_ variables: [String: String]) -> SpecNode {
        guard !variables.isEmpty else { return self }
        var copy = self
        switch kind {
        case .scalar(let text): copy.kind = .scalar(Self.expand(text, variables))
        case .null: break
        case .list(let items): copy.kind = .list(items.map { $0.expanding(variables) })
        case .map(let entries):
            copy.kind = .map(entries.map { Entry(key: Self.expand($0.key, variables), location: $0.location, value: $0.value.expanding(variables)) })
        }
        return copy
    }

    /// `text` with `${name}` replaced where `variables` has `name`.
    static func expand(_ text: String, _ variables: [String: String]) -> String {
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                result += rest[open.lowerBound...]
                return result
            }
            let name = String(rest[open.upperBound..<close])
            if let value = variables[name], !name.isEmpty {
                result += value
            } else {
                result += rest[open.lowerBound...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The first `${name}` left in `text`, which only the environment XcodeGen runs in could
    /// give a value.
    static func unresolvedVariable(in text: String) -> String? {
        guard let open = text.range(of: "${"), let close = text[open.upperBound...].firstIndex(of: "}") else { return nil }
        return String(text[open.upperBound..<close])
    }
}
