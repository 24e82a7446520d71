import Foundation
import MFECore

/// One assignment of a build setting, from a `.xcconfig` file or a `buildSettings`
/// dictionary, with the `[config=…]` condition it carries.
struct BuildSettingAssignment: Sendable, Equatable {
    /// The setting's name (`PRODUCT_NAME`).
    var key: String
    /// The value as written (`$(TARGET_NAME)`).
    var value: String
    /// The `config=` condition's pattern; nil when it applies to every configuration.
    var configuration: String?
    /// Whether an `sdk=`/`arch=` condition other than `*` limits it to one platform, which a
    /// static reader cannot choose: such assignments are skipped, as if for another SDK.
    var isPlatformSpecific: Bool

    /// An assignment of `key` (which may carry conditions: `NAME[config=Debug][sdk=*]`).
    init(conditionedKey: String, value: String) {
        var key = Substring(conditionedKey.trimmingCharacters(in: .whitespaces))
        var configuration: String?
        var isPlatformSpecific = false
        if let open = key.firstIndex(of: "[") {
            let conditions = key[open...]
            key = key[..<open]
            for condition in conditions.split(separator: "]") {
                let body = condition.drop { $0 == "[" }
                guard let equals = body.firstIndex(of: "=") else { continue }
                let name = body[..<equals].trimmingCharacters(in: .whitespaces)
                let pattern = body[body.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if name == "config" {
                    configuration = pattern
                } else if pattern != "*" {
                    isPlatformSpecific = true
                }
            }
        }
        self.key = String(key).trimmingCharacters(in: .whitespaces)
        self.value = value
        self.configuration = configuration
        self.isPlatformSpecific = isPlatformSpecific
    }

    /// Whether it applies to the configuration named `name`.
    func applies(to name: String) -> Bool {
        guard !isPlatformSpecific else { return false }
        guard let configuration else { return true }
        return Self.matches(name, pattern: configuration)
    }

    /// Xcode's condition patterns: `*` matches any run of characters.
    static func matches(_ text: String, pattern: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return text == pattern }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }
}

/// Reads `.xcconfig` files as Xcode does: `KEY = value` lines (a trailing `;` and `//`
/// comments dropped), `#include "file"` and `#include? "file"` relative to the including
/// file, each included file's assignments in place of the directive.
struct XcconfigReader {
    let fileSystem: any FileSystem
    /// The project's root folder, for messages.
    let root: String

    /// The assignments of the file at `path` (absolute) and the files it includes, in order;
    /// what could not be read is a note.
    func assignments(of path: String, notes: inout [String]) -> [BuildSettingAssignment] {
        var result: [BuildSettingAssignment] = []
        var visiting: [String] = []
        read(PathUtilities.normalize(path), into: &result, visiting: &visiting, notes: &notes, includedFrom: nil)
        return result
    }

    /// The files the file at `path` (absolute) includes, directly or not, that exist: what
    /// else changes its settings.
    func includedFiles(of path: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = [PathUtilities.normalize(path)]
        var pending = [PathUtilities.normalize(path)]
        while let file = pending.popLast() {
            guard let data = try? fileSystem.contents(of: file) else { continue }
            let folder = (file as NSString).deletingLastPathComponent
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("#include"), let open = trimmed.firstIndex(of: "\""), let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                guard !included.hasPrefix("<DEVELOPER_DIR>") else { continue }
                let normalized = PathUtilities.normalize(included.hasPrefix("/") ? included : PathUtilities.join(folder, included))
                if fileSystem.exists(normalized), seen.insert(normalized).inserted {
                    result.append(normalized)
                    pending.append(normalized)
                }
            }
        }
        return result
    }

    private func read(_ path: String, into result: inout [BuildSettingAssignment], visiting: inout [String], notes: inout [String], includedFrom: String?) {
        guard !visiting.contains(path) else {
            notes.append(
                "'\(PathUtilities.relative(path, to: root))' includes itself (through \(visiting.map { "'\(PathUtilities.relative($0, to: root))'" }.joined(separator: ", "))); the repeated include is skipped"
            )
            return
        }
        guard let data = try? fileSystem.contents(of: path) else {
            let shown = PathUtilities.relative(path, to: root)
            notes.append(
                includedFrom.map { "'\($0)' includes '\(shown)', which does not exist; its build settings are not read" }
                    ?? "the configuration file '\(shown)' does not exist; its build settings are not read")
            return
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        let folder = (path as NSString).deletingLastPathComponent
        for (offset, rawLine) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine).trimmingCharacters(in: .whitespaces)[...]
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { continue }
                var included = String(line[line.index(after: open)..<close])
                if included.hasPrefix("<DEVELOPER_DIR>") { continue }
                included = included.hasPrefix("/") ? included : PathUtilities.join(folder, included)
                let normalized = PathUtilities.normalize(included)
                if optional && !fileSystem.exists(normalized) { continue }
                read(normalized, into: &result, visiting: &visiting, notes: &notes, includedFrom: "\(PathUtilities.relative(path, to: root)):\(offset + 1)")
                continue
            }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            // The `=` after the conditions: `NAME[config=Release] = value`.
            var depth = 0
            guard
                let equals = line.firstIndex(where: { character in
                    if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                    return character == "=" && depth == 0
                })
            else { continue }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            let key = String(line[..<equals])
            guard !key.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            result.append(BuildSettingAssignment(conditionedKey: key, value: value.trimmingCharacters(in: .whitespaces)))
        }
    }
}

/// The build settings of one target in one configuration, resolved as Xcode resolves them:
/// levels from lowest to highest (defaults, the project's `.xcconfig`, the project's
/// settings, the target's `.xcconfig`, the target's settings), each assignment a level of its
/// own so `$(inherited)` is the value below it; `$(VAR)` and `${VAR}` are the value at the
/// top (a setting naming itself is `$(inherited)`), with the `:default=`, `:c99extidentifier`, `:rfc1034identifier`, `:identifier`,
/// `:lower`, `:upper` operators.
struct BuildSettingsResolver {
    /// The assignments that apply, lowest first.
    let assignments: [BuildSettingAssignment]
    /// Values Xcode itself defines (`TARGET_NAME`, `BUILT_PRODUCTS_DIR`…), below every level.
    let builtins: [String: String]

    /// A resolved value, with the variables that had no value.
    struct Resolved: Equatable {
        /// The value.
        var value: String
        /// Variables no level nor Xcode defines, or chains that loop; non-empty means the
        /// value is not what Xcode would build with.
        var unresolved: [String]
    }

    /// The value of `key` at the top.
    func value(of key: String) -> Resolved {
        var unresolved: [String] = []
        var stack: [String] = []
        let value = evaluate(key, below: assignments.count, unresolved: &unresolved, stack: &stack)
        return Resolved(value: value ?? "", unresolved: unresolved)
    }

    /// Whether any level assigns `key`.
    func isAssigned(_ key: String) -> Bool { assignments.contains { $0.key == key } }

    private func evaluate(_ key: String, below limit: Int, unresolved: inout [String], stack: inout [String]) -> String? {
        let frame = "\(key)@\(limit)"
        guard !stack.contains(frame), stack.count < 64 else {
            unresolved.append(key)
            return ""
        }
        stack.append(frame)
        defer { stack.removeLast() }
        guard let index = assignments[..<limit].lastIndex(where: { $0.key == key }) else {
            guard let builtin = builtins[key] else { return nil }
            return expand(builtin, key: key, level: 0, unresolved: &unresolved, stack: &stack)
        }
        return expand(assignments[index].value, key: key, level: index, unresolved: &unresolved, stack: &stack)
    }

    /// `text` with its references replaced; `$(inherited)` is `key` below `level`.
    private func expand(_ text: String, key: String, level: Int, unresolved: inout [String], stack: inout [String]) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "$", next < text.endIndex, text[next] == "(" || text[next] == "{" else {
                result.append(character)
                index = next
                continue
            }
            let close: Character = text[next] == "(" ? ")" : "}"
            var depth = 0
            var end = next
            while end < text.endIndex {
                if text[end] == text[next] { depth += 1 }
                if text[end] == close {
                    depth -= 1
                    if depth == 0 { break }
                }
                end = text.index(after: end)
            }
            guard end < text.endIndex else {
                result += text[index...]
                break
            }
            let reference = String(text[text.index(after: next)..<end])
            result += substitute(reference, key: key, level: level, unresolved: &unresolved, stack: &stack)
            index = text.index(after: end)
        }
        return result
    }

    private func substitute(_ reference: String, key: String, level: Int, unresolved: inout [String], stack: inout [String]) -> String {
        var name = Substring(reference)
        var operators: [Substring] = []
        if let colon = reference.firstIndex(of: ":") {
            name = reference[..<colon]
            var rest = reference[reference.index(after: colon)...]
            while !rest.isEmpty {
                // `default=` takes the rest, which may hold references with colons.
                if rest.hasPrefix("default=") {
                    operators.append(rest)
                    break
                }
                let end = rest.firstIndex(of: ":") ?? rest.endIndex
                operators.append(rest[..<end])
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            }
        }
        let variable = expand(String(name), key: key, level: level, unresolved: &unresolved, stack: &stack)
        var value: String?
        // A setting naming itself means the value below, as `$(inherited)` does.
        if variable == "inherited" || variable == key {
            value = evaluate(key, below: level, unresolved: &unresolved, stack: &stack) ?? ""
        } else {
            value = evaluate(variable, below: assignments.count, unresolved: &unresolved, stack: &stack)
        }
        for operation in operators {
            if operation.hasPrefix("default=") {
                if value?.isEmpty ?? true { value = expand(String(operation.dropFirst("default=".count)), key: key, level: level, unresolved: &unresolved, stack: &stack) }
                continue
            }
            guard let current = value else { continue }
            switch operation {
            case "c99extidentifier", "identifier": value = Self.c99Identifier(current)
            case "rfc1034identifier": value = Self.rfc1034Identifier(current)
            case "lower": value = current.lowercased()
            case "upper": value = current.uppercased()
            case "base": value = ((current as NSString).lastPathComponent as NSString).deletingPathExtension
            case "file": value = (current as NSString).lastPathComponent
            case "dir": value = (current as NSString).deletingLastPathComponent
            case "suffix": value = (current as NSString).pathExtension.isEmpty ? "" : "." + (current as NSString).pathExtension
            case "standardizepath": value = PathUtilities.normalize(current)
            default: unresolved.append("\(variable):\(operation)")
            }
        }
        if value == nil { unresolved.append(variable) }
        return value ?? ""
    }

    /// Xcode's `:c99extidentifier`: every character that may not appear in a C99 extended
    /// identifier becomes `_`, a leading digit too.
    static func c99Identifier(_ text: String) -> String {
        var result = ""
        for (offset, character) in text.enumerated() {
            let isDigit = character.isNumber
            let isIdentifier = character == "_" || (character.isLetter && !character.isWhitespace) || isDigit
            result.append(isIdentifier && !(offset == 0 && isDigit) ? character : "_")
        }
        return result
    }

    /// Xcode's `:rfc1034identifier`: every character but ASCII letters, digits, `-` and `.`
    /// becomes `-`.
    static func rfc1034Identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
    }
}

/// The settings mfe reads of one target, resolved in one configuration.
struct ResolvedTargetSettings: Equatable {
    /// `PRODUCT_NAME`: the product's file name without its extension.
    var productName: String
    /// `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME` as a C99 identifier.
    var moduleName: String
    /// `TEST_HOST`, else `BUNDLE_LOADER`, when set.
    var testHost: String?
    /// What could not be resolved, as notes.
    var notes: [String]
}
