import Foundation
import MFECore
import SwiftSyntax

/// The standard library and Foundation as manifests use them: strings, arrays, sets,
/// dictionaries, optionals, `ProcessInfo` (the environment), `FileManager` (whether a file
/// exists), `URL` (path arithmetic only). Whatever reads the file system or the machine
/// beyond that is an unknown value.
extension ManifestInterpreter {
    /// Methods that change the value they are called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "popLast", "sort", "reverse", "formUnion",
        "formIntersection", "subtract", "formSymmetricDifference", "update", "removeValue", "updateValue", "merge", "toggle",
        "swapAt", "replaceSubrange", "removeSubrange", "shuffle",
    ]

    /// The environment as a dictionary, built once.
    var environmentValue: MValue {
        .dictionary(host.environment.sorted { $0.key < $1.key }.map { (MValue.string($0.key), MValue.string($0.value)) })
    }

    /// Calls a function value with argument values (`map`'s closure, a key path, `Bool.init`).
    func apply(_ function: MValue, _ values: [MValue], node: Syntax, resultHint: MType? = nil) throws -> MValue {
        switch function {
        case .function(.closure(let closure, let captured)):
            return try callClosure(closure, in: captured, values, node: node, resultHint: resultHint)
        case .function(.declared(let declaration, let declaredIn, let receiver, let context)):
            return try callDeclared(declaration, in: declaredIn, receiver: receiver, context: context, values: values, node: node).value
        case .function(.builtin(let name, let receiver, let origin)):
            return try callBuiltin(name, receiver: receiver, values, origin: origin, node: node, hint: resultHint)
        case .function(.enumCase(let type, let kase, let labels)):
            var record = MRecord(type: type, kase: kase, location: location(of: node))
            for (offset, value) in values.enumerated() { record[offset < labels.count ? labels[offset] ?? "_\(offset)" : "_\(offset)"] = value }
            return .record(record)
        case .function(.thunk(let expression, let captured, let result)):
            return try evaluate(expression, in: captured, hint: result ?? resultHint)
        case .type(let type):
            guard let name = type.name else { break }
            return try callBuiltin("\(name).init", receiver: nil, values, origin: node, node: node, hint: resultHint)
        case .unknown: return function
        default: break
        }
        throw refusal(node, "\(Self.describe(node)) (a value that is not a function, called)")
    }

    /// Calls a library function named as a value: a method bound to its receiver, `Type.init`,
    /// a key path.
    func callBuiltin(_ name: String, receiver: MValue?, _ values: [MValue], origin: Syntax, node: Syntax, hint: MType?) throws -> MValue {
        if name == "keyPath", let keyPath = origin.as(KeyPathExprSyntax.self), values.count == 1 {
            var value = values[0]
            for component in keyPath.components {
                switch component.component {
                case .property(let property):
                    let propertyName = Self.plain(property.declName.baseName.text)
                    if propertyName == "self" { continue }
                    value = try instanceMember(value, propertyName, node: Syntax(component), hint: nil)
                case .optional:
                    if value.isNone { return .null }
                default: throw refusal(component, "the key path '\(keyPath.trimmedDescription)'")
                }
            }
            return value
        }
        let arguments = values.enumerated().map { offset, _ in Argument(label: nil, expression: ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier("$value\(offset)")))) }
        // Bound values are passed through a scope of their own.
        let scope = Scope(parent: globals)
        for (offset, value) in values.enumerated() { scope.variables["$value\(offset)"] = Variable(value: value, type: nil, isConstant: true, node: node) }
        if name.hasSuffix(".init") {
            return try construct(String(name.dropLast(".init".count)), arguments, node: node, scope: scope, hint: hint)
        }
        if let receiver {
            return try callMethod(receiver, name, arguments, node: node, scope: scope, hint: hint)
        }
        if let dot = name.lastIndex(of: ".") {
            return try callStatic(String(name[..<dot]), String(name[name.index(after: dot)...]), arguments, node: node, scope: scope, hint: hint)
        }
        return try callNamed(name, arguments, node: node, scope: scope, hint: hint)
    }

    // MARK: - Free functions

    /// `getenv`, `print`, `zip`, `max`, `fatalError` and their kin; nil for other names.
    func libraryFunction(_ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        func value(_ index: Int, _ hint: MType? = nil) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: hint) }
        switch (name, arguments.count) {
        case ("getenv", 1):
            guard case .string(let variable) = try value(0) else { return unknown(node) }
            return host.environment[variable].map(MValue.string) ?? .null
        case ("print", _), ("debugPrint", _), ("dump", _):
            for index in arguments.indices where arguments[index].label == nil { _ = try value(index) }
            return .tuple([], labels: [])
        case ("fatalError", _):
            throw refusal(node, "\(Self.describe(node)), which stops the manifest,")
        case ("precondition", _), ("assert", _):
            let holds = try value(0)
            if case .bool(false) = holds { throw refusal(node, "\(Self.describe(node)), which fails and stops the manifest,") }
            if case .unknown(let refusal) = holds { throw refusal }
            return .tuple([], labels: [])
        case ("preconditionFailure", _), ("assertionFailure", _):
            throw refusal(node, "\(Self.describe(node)), which stops the manifest,")
        case ("zip", 2):
            let first = try elements(of: try value(0), node: Syntax(arguments[0].expression))
            let second = try elements(of: try value(1), node: Syntax(arguments[1].expression))
            return .array(zip(first, second).map { .tuple([$0, $1], labels: [nil, nil]) })
        case ("max", _), ("min", _):
            var values: [MValue] = []
            for index in arguments.indices { values.append(try value(index)) }
            if values.count == 1 { values = try unorderedElements(of: values[0], node: node) }
            var best: MValue?
            for candidate in values {
                if case .unknown = candidate { return candidate }
                guard let current = best else {
                    best = candidate
                    continue
                }
                guard let order = compare(candidate, current) else { return unknown(node) }
                if (name == "max" && order > 0) || (name == "min" && order < 0) { best = candidate }
            }
            return best ?? .null
        case ("abs", 1):
            if case .int(let number) = try value(0) { return .int(abs(number)) }
        case ("stride", 3):
            guard case .int(let start) = try value(0), case .int(let end) = try value(1), case .int(let by) = try value(2), by != 0 else { return unknown(node) }
            let through = arguments[1].label == "through"
            var result: [MValue] = []
            var current = start
            while by > 0 ? (through ? current <= end : current < end) : (through ? current >= end : current > end) {
                try step(node)
                result.append(.int(current))
                current += by
            }
            return .array(result)
        case ("type", 1) where arguments[0].label == "of":
            return try value(0)
        default: break
        }
        return nil
    }

    // MARK: - Initializers

    /// `String(…)`, `Int(…)`, `Array(…)`, `URL(…)` and PackageDescription's initializers.
    func libraryConstruct(_ type: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        if let value = try packageDescriptionConstruct(type, arguments, node: node, scope: scope, hint: hint) { return value }
        func value(_ index: Int, _ hint: MType? = nil) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: hint) }
        let labels = arguments.map(\.label)
        switch (type, labels) {
        case ("String", []), ("Array", []), ("Set", []), ("Dictionary", []):
            return type == "String" ? .string("") : type == "Array" ? .array([]) : type == "Set" ? .set([]) : .dictionary([])
        case ("String", [nil]), ("String", ["describing"]), ("String", ["cString"]), ("String", ["validatingUTF8"]), ("String", ["validatingCString"]), ("String", ["stringLiteral"]):
            let given = try value(0)
            if case .unknown = given { return given }
            if labels == ["cString"] || labels == ["validatingUTF8"] || labels == ["validatingCString"] { return given }
            guard let text = try describe(given, node: Syntax(arguments[0].expression)) else { return given }
            return .string(text)
        case ("String", ["repeating", "count"]):
            guard case .string(let text) = try value(0), case .int(let count) = try value(1), count >= 0 else { return unknown(node) }
            return .string(String(repeating: text, count: count))
        case ("Int", [nil]):
            switch try value(0) {
            case .string(let text): return Int(text).map(MValue.int) ?? .null
            case .int(let number): return .int(number)
            case .double(let number): return .int(Int(number))
            case .unknown(let refusal): return .unknown(refusal)
            default: return unknown(node)
            }
        case ("Double", [nil]):
            switch try value(0) {
            case .string(let text): return Double(text).map(MValue.double) ?? .null
            case .int(let number): return .double(Double(number))
            case .double(let number): return .double(number)
            case .unknown(let refusal): return .unknown(refusal)
            default: return unknown(node)
            }
        case ("Bool", [nil]):
            switch try value(0) {
            case .string(let text): return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .null
            case .bool(let flag): return .bool(flag)
            case .unknown(let refusal): return .unknown(refusal)
            default: return unknown(node)
            }
        case ("Array", [nil]):
            let given = try value(0, hint)
            if case .unknown = given { return given }
            return .array(try elements(of: given, node: Syntax(arguments[0].expression)))
        case ("Array", ["repeating", "count"]):
            let element = try value(0, hint?.element)
            guard case .int(let count) = try value(1), count >= 0 else { return unknown(node) }
            return .array(Array(repeating: element, count: count))
        case ("Set", [nil]):
            let given = try value(0, hint)
            if case .unknown = given { return given }
            return .set(unique(try unorderedElements(of: given, node: Syntax(arguments[0].expression))))
        case ("Dictionary", ["uniqueKeysWithValues"]), ("Dictionary", [nil, "uniquingKeysWith"]):
            let pairs = try unorderedElements(of: try value(0), node: Syntax(arguments[0].expression))
            var result: [(key: MValue, value: MValue)] = []
            for pair in pairs {
                guard case .tuple(let parts, _) = pair, parts.count == 2 else { return unknown(node) }
                if let index = try result.firstIndex(where: { try equalsOrThrow($0.key, parts[0], node: node) }) {
                    guard labels.count == 2 else { throw refusal(node, "\(Self.describe(node)), with a repeated key that stops the manifest,") }
                    result[index].value = try apply(try value(1), [result[index].value, parts[1]], node: node)
                } else {
                    result.append((parts[0], parts[1]))
                }
            }
            return .dictionary(result)
        case ("Dictionary", ["grouping", "by"]):
            let items = try unorderedElements(of: try value(0), node: Syntax(arguments[0].expression))
            let keyFunction = try value(1)
            var result: [(key: MValue, value: MValue)] = []
            for item in items {
                let key = try apply(keyFunction, [item], node: node)
                if let index = try result.firstIndex(where: { try equalsOrThrow($0.key, key, node: node) }) {
                    if case .array(let existing) = result[index].value { result[index].value = .array(existing + [item]) }
                } else {
                    result.append((key, .array([item])))
                }
            }
            return .dictionary(result)
        case ("URL", ["fileURLWithPath"]), ("URL", ["fileURLWithPath", "isDirectory"]), ("URL", ["filePath"]), ("URL", ["filePath", "directoryHint"]):
            guard case .string(let path) = try value(0) else { return unknown(node) }
            return .record(MRecord(type: "URL", fields: ["path": .string(fileURLPath(path))]))
        case ("URL", ["string"]):
            guard case .string(let text) = try value(0) else { return unknown(node) }
            guard text.hasPrefix("file://") else { return unknown(node, "a URL other than a file path") }
            return .record(MRecord(type: "URL", fields: ["path": .string(String(text.dropFirst("file://".count)))]))
        default: break
        }
        return nil
    }

    /// The path `URL(fileURLWithPath:)` keeps: relative paths against the folder the manifest
    /// runs in (the package's), `..` kept as written, one trailing slash dropped.
    private func fileURLPath(_ path: String) -> String {
        var result = path.hasPrefix("/") ? path : PathUtilities.join(host.packageDirectory, path)
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    // MARK: - Static members

    /// `ProcessInfo.processInfo`, `FileManager.default`, `Int.max` and PackageDescription's
    /// static members; nil for others.
    func libraryStaticMember(_ type: String, _ name: String, node: Syntax, hint: MType?) throws -> MValue? {
        if let value = try packageDescriptionStaticMember(type, name, node: node, hint: hint) { return value }
        switch (type, name) {
        case ("ProcessInfo", "processInfo"): return .record(MRecord(type: "ProcessInfo"))
        case ("FileManager", "default"): return .record(MRecord(type: "FileManager"))
        case ("Int", "max"): return .int(Int.max)
        case ("Int", "min"): return .int(Int.min)
        case ("CharacterSet", _): return .record(MRecord(type: "CharacterSet", kase: name))
        case ("Bool", "init"), ("String", "init"), ("Int", "init"), ("Double", "init"):
            return .function(.builtin("\(type).init", receiver: nil, node: node))
        default: break
        }
        if Self.builtinTypes.contains(type) || isLibraryType(type) {
            // A static function named as a value (`Target.Dependency.target`).
            if libraryStaticOwners(of: name).contains(type) {
                return .function(.builtin("\(type).\(name)", receiver: nil, node: node))
            }
        }
        return nil
    }

    /// `Type.name(…)` for library types; nil when unknown.
    func libraryStaticCall(_ type: String, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        if let value = try packageDescriptionStaticCall(type, name, arguments, node: node, scope: scope, hint: hint) { return value }
        if let member = try libraryStaticMember(type, name, node: node, hint: hint), case .function = member {
            return try callValue(member, arguments, node: node, scope: scope, hint: hint)
        }
        return nil
    }

    // MARK: - Properties

    /// Properties of the standard library's and Foundation's values, and of
    /// PackageDescription's; methods named without a call, as functions.
    func libraryInstanceMember(_ value: MValue, _ name: String, node: Syntax, hint: MType?) throws -> MValue? {
        if let member = try packageDescriptionInstanceMember(value, name, node: node) { return member }
        switch (value, name) {
        case (.string(let text), "count"): return .int(text.count)
        case (.string(let text), "isEmpty"): return .bool(text.isEmpty)
        case (.string(let text), "first"): return text.first.map { .string(String($0)) } ?? .null
        case (.string(let text), "last"): return text.last.map { .string(String($0)) } ?? .null
        case (.string(let text), "description"), (.string(let text), "utf8"), (.string(let text), "unicodeScalars"): return .string(text)
        case (.string(let text), "capitalized"): return .string(text.capitalized)
        case (.string(let text), "lazy"): return .string(text)
        case (.array(let elements), "count"), (.set(let elements), "count"): return .int(elements.count)
        case (.array(let elements), "isEmpty"), (.set(let elements), "isEmpty"): return .bool(elements.isEmpty)
        case (.array(let elements), "first"), (.set(let elements), "first"): return elements.first ?? .null
        case (.array(let elements), "last"): return elements.last ?? .null
        case (.array(let elements), "indices"): return .range(.int(0), .int(elements.count), closed: false)
        case (.array(let elements), "startIndex"): return .int(elements.isEmpty ? 0 : 0)
        case (.array(let elements), "endIndex"): return .int(elements.count)
        case (.array, "lazy"), (.set, "lazy"): return value
        case (.dictionary(let pairs), "count"): return .int(pairs.count)
        case (.dictionary(let pairs), "isEmpty"): return .bool(pairs.isEmpty)
        case (.dictionary(let pairs), "keys"): return .set(pairs.map(\.key))
        case (.dictionary(let pairs), "values"): return .array(pairs.map(\.value))
        case (.dictionary(let pairs), "first"): return pairs.first.map { .tuple([$0.key, $0.value], labels: ["key", "value"]) } ?? .null
        case (.range(let lower, _, _), "lowerBound"): return lower
        case (.range(_, let upper, _), "upperBound"): return upper
        case (.range(.int(let lower), .int(let upper), let closed), "count"): return .int(max(0, upper - lower + (closed ? 1 : 0)))
        case (.range, "isEmpty"):
            return .bool(try elements(of: value, node: node).isEmpty)
        case (.int(let number), "description"): return .string(String(number))
        case (.bool(let flag), "description"): return .string(flag ? "true" : "false")
        case (.record(let record), _) where record.type == "ProcessInfo":
            switch name {
            case "environment": return environmentValue
            default: return unknown(node, "which only the running manifest's process knows")
            }
        case (.record(let record), _) where record.type == "FileManager":
            switch name {
            case "currentDirectoryPath": return .string(host.packageDirectory)
            default: return unknown(node, "which reads the file system")
            }
        case (.record(let record), _) where record.type == "URL":
            guard case .string(let path)? = record["path"] else { return unknown(node) }
            switch name {
            case "path", "relativePath": return .string(path)
            case "lastPathComponent": return .string(Self.lastPathComponent(path))
            case "pathExtension":
                let last = Self.lastPathComponent(path)
                guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return .string("") }
                return .string(String(last[last.index(after: dot)...]))
            case "pathComponents": return .array((path.hasPrefix("/") ? [MValue.string("/")] : []) + path.split(separator: "/").map { MValue.string(String($0)) })
            case "absoluteString": return .string("file://" + path)
            case "standardized", "standardizedFileURL": return .record(MRecord(type: "URL", fields: ["path": .string(PathUtilities.normalize(path))]))
            case "isFileURL": return .bool(true)
            default: return unknown(node, "which reads the file system")
            }
        default: break
        }
        if case .null = value, name == "isEmpty" || name == "count" { return nil }
        // A method named without a call: a function bound to the value.
        if Self.functionNames.contains(name) { return .function(.builtin(name, receiver: value, node: node)) }
        return nil
    }

    /// Names of library methods a manifest may pass as functions (`names.map(\.self).contains`).
    static let functionNames: Set<String> = ["contains", "hasPrefix", "hasSuffix", "lowercased", "uppercased", "append", "map", "filter", "isEmpty"]

    static func lastPathComponent(_ path: String) -> String {
        if path == "/" { return "/" }
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? ""
    }

    // MARK: - Methods

    /// A method of the standard library's, Foundation's or PackageDescription's values; nil
    /// when the reader does not know it.
    func libraryMethod(_ receiver: MValue, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        let labels = arguments.map(\.label)
        func value(_ index: Int, _ hint: MType? = nil) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: hint) }
        func function(_ index: Int) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: nil) }
        func string(_ index: Int) throws -> String? {
            if case .string(let text) = try value(index) { return text }
            return nil
        }
        func int(_ index: Int) throws -> Int? {
            if case .int(let number) = try value(index) { return number }
            return nil
        }
        // Optional's own `map` and `flatMap`: nil stays nil.
        if case .null = receiver {
            switch name {
            case "map", "flatMap": return .null
            default: return nil
            }
        }
        switch receiver {
        case .string(let text):
            switch (name, labels) {
            case ("hasPrefix", [nil]): return try string(0).map { .bool(text.hasPrefix($0)) } ?? unknown(node)
            case ("hasSuffix", [nil]): return try string(0).map { .bool(text.hasSuffix($0)) } ?? unknown(node)
            case ("contains", [nil]): return try string(0).map { .bool($0.isEmpty ? true : text.contains($0)) } ?? unknown(node)
            case ("starts", ["with"]): return try string(0).map { .bool(text.hasPrefix($0)) } ?? unknown(node)
            case ("elementsEqual", [nil]):
                // A string stands for its `unicodeScalars` and `utf8` views too: the same
                // scalars are equal in every view, and unequal strings in none; strings equal
                // only as characters (canonically equivalent) depend on the view.
                guard let other = try string(0) else { return unknown(node) }
                if Array(text.unicodeScalars) == Array(other.unicodeScalars) { return .bool(true) }
                return text != other ? .bool(false) : unknown(node, "which compares canonically equivalent strings")
            case ("lowercased", []): return .string(text.lowercased())
            case ("uppercased", []): return .string(text.uppercased())
            case ("appending", [nil]): return try string(0).map { .string(text + $0) } ?? unknown(node)
            case ("replacingOccurrences", ["of", "with"]):
                guard let target = try string(0), let replacement = try string(1) else { return unknown(node) }
                return .string(text.replacingOccurrences(of: target, with: replacement))
            case ("components", ["separatedBy"]):
                guard let separator = try string(0) else { return unknown(node) }
                return .array(text.components(separatedBy: separator).map(MValue.string))
            case ("split", ["separator"]), ("split", ["separator", "maxSplits"]), ("split", ["separator", "omittingEmptySubsequences"]),
                ("split", ["separator", "maxSplits", "omittingEmptySubsequences"]):
                guard let separator = try string(0), separator.count == 1 else { return unknown(node) }
                var maxSplits = Int.max
                var omitting = true
                for (index, label) in labels.enumerated() {
                    if label == "maxSplits", let count = try int(index) { maxSplits = count }
                    if label == "omittingEmptySubsequences", case .bool(let flag) = try value(index) { omitting = flag }
                }
                return .array(text.split(separator: separator.first!, maxSplits: maxSplits, omittingEmptySubsequences: omitting).map { .string(String($0)) })
            case ("trimmingCharacters", ["in"]):
                guard case .record(let set) = try value(0, .named("CharacterSet")), set.type == "CharacterSet" else { return unknown(node) }
                switch set.kase {
                case "whitespaces": return .string(text.trimmingCharacters(in: .whitespaces))
                case "whitespacesAndNewlines": return .string(text.trimmingCharacters(in: .whitespacesAndNewlines))
                case "newlines": return .string(text.trimmingCharacters(in: .newlines))
                default: return unknown(node)
                }
            case ("dropFirst", []), ("dropFirst", [nil]):
                let count = labels.isEmpty ? 1 : (try int(0) ?? 1)
                return .string(String(text.dropFirst(count)))
            case ("dropLast", []), ("dropLast", [nil]):
                let count = labels.isEmpty ? 1 : (try int(0) ?? 1)
                return .string(String(text.dropLast(count)))
            case ("prefix", [nil]): return try int(0).map { .string(String(text.prefix($0))) } ?? unknown(node)
            case ("suffix", [nil]): return try int(0).map { .string(String(text.suffix($0))) } ?? unknown(node)
            case ("range", ["of"]):
                guard let part = try string(0) else { return unknown(node) }
                return text.range(of: part) != nil ? .string(part) : .null
            case ("isEqual", [nil]): return .bool(try equalsOrThrow(receiver, try value(0), node: node))
            case ("lowercased", _), ("uppercased", _): break
            default: break
            }
            // A string is a collection of characters.
            if ["map", "filter", "contains", "allSatisfy", "first", "forEach", "compactMap", "reduce"].contains(name) {
                return try libraryMethod(.array(text.map { .string(String($0)) }), name, arguments, node: node, scope: scope, hint: hint)
            }
        case .array, .set:
            if let result = try sequenceMethod(receiver, name, arguments, node: node, scope: scope, hint: hint) { return result }
        case .dictionary(let pairs):
            switch (name, labels) {
            case ("mapValues", [nil]):
                let transform = try function(0)
                return .dictionary(try pairs.map { ($0.key, try apply(transform, [$0.value], node: node)) })
            case ("compactMapValues", [nil]):
                let transform = try function(0)
                return .dictionary(
                    try pairs.compactMap { pair in
                        let mapped = try apply(transform, [pair.value], node: node)
                        return mapped.isNone ? nil : (pair.key, mapped)
                    })
            case ("filter", [nil]):
                let predicate = try function(0)
                var result: [(key: MValue, value: MValue)] = []
                for pair in pairs where try truth(try apply(predicate, [.tuple([pair.key, pair.value], labels: ["key", "value"])], node: node), node: node) {
                    result.append(pair)
                }
                return .dictionary(result)
            case ("merging", [nil, "uniquingKeysWith"]):
                guard case .dictionary(let other) = try value(0) else { return unknown(node) }
                let combine = try function(1)
                var result = pairs
                for pair in other {
                    if let index = try result.firstIndex(where: { try equalsOrThrow($0.key, pair.key, node: node) }) {
                        result[index].value = try apply(combine, [result[index].value, pair.value], node: node)
                    } else {
                        result.append(pair)
                    }
                }
                return .dictionary(result)
            case ("index", ["forKey"]):
                let key = try value(0)
                return try pairs.firstIndex(where: { try equalsOrThrow($0.key, key, node: node) }).map(MValue.int) ?? .null
            default:
                // A dictionary is unordered, like a set of its entries.
                let entries = MValue.set(pairs.map { .tuple([$0.key, $0.value], labels: ["key", "value"]) })
                return try sequenceMethod(entries, name, arguments, node: node, scope: scope, hint: hint)
            }
        case .range:
            let items = try elements(of: receiver, node: node)
            if name == "contains", labels == [nil] {
                guard case .range(let lower, let upper, let closed) = receiver else { break }
                return .bool(try contains(lower: lower, upper: upper, closed: closed, try value(0), node: node))
            }
            return try sequenceMethod(.array(items), name, arguments, node: node, scope: scope, hint: hint)
        case .record(let record) where record.type == "FileManager":
            if name == "fileExists", labels == ["atPath"] {
                guard case .string(let path) = try value(0) else { return unknown(node) }
                let absolute = path.hasPrefix("/") ? path : PathUtilities.join(host.packageDirectory, path)
                return .bool(host.fileExists(absolute))
            }
            try refuseClosures(arguments, node: node)
            return unknown(node, "which reads the file system")
        case .record(let record) where record.type == "URL":
            guard case .string(let path)? = record["path"] else { return unknown(node) }
            switch (name, labels) {
            case ("deletingLastPathComponent", []):
                var parent = PackageIdentity.directory(ofManifest: path)
                if path.hasSuffix("/") { parent = PackageIdentity.directory(ofManifest: String(path.dropLast())) }
                return .record(MRecord(type: "URL", fields: ["path": .string(parent)]))
            case ("appendingPathComponent", [nil]), ("appendingPathComponent", [nil, "isDirectory"]), ("appending", ["path"]), ("appending", ["component"]), ("appending", ["path", "directoryHint"]):
                guard let component = try string(0) else { return unknown(node) }
                return .record(MRecord(type: "URL", fields: ["path": .string(PathUtilities.join(path, component).replacingOccurrences(of: "//", with: "/"))]))
            case ("deletingPathExtension", []):
                let last = Self.lastPathComponent(path)
                guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return receiver }
                let parent = PackageIdentity.directory(ofManifest: path)
                return .record(MRecord(type: "URL", fields: ["path": .string(PathUtilities.join(parent, String(last[..<dot])))]))
            case ("appendingPathExtension", [nil]):
                guard let pathExtension = try string(0) else { return unknown(node) }
                return .record(MRecord(type: "URL", fields: ["path": .string(path + "." + pathExtension)]))
            default:
                return unknown(node, "which reads the file system")
            }
        case .record(let record) where record.type == "ProcessInfo":
            return unknown(node, "which only the running manifest's process knows")
        case .int(let number):
            if name == "isMultiple", labels == ["of"], case .int(let divisor) = try value(0), divisor != 0 { return .bool(number % divisor == 0) }
            if name == "description" { return .string(String(number)) }
        case .bool(let flag):
            if name == "description" { return .string(flag ? "true" : "false") }
        default: break
        }
        // Optional's `map`/`flatMap` on a present value.
        if name == "map" || name == "flatMap", labels == [nil], !Self.isCollection(receiver) {
            return try apply(try function(0), [receiver], node: node, resultHint: hint?.unwrapped)
        }
        if let result = try packageDescriptionMethod(receiver, name, arguments, node: node, scope: scope, hint: hint) { return result }
        return nil
    }

    static func isCollection(_ value: MValue) -> Bool {
        switch value {
        case .array, .set, .dictionary, .string, .range: return true
        default: return false
        }
    }

    /// A value as a condition: `true`, `false`, or the refusal of an unknown value.
    func truth(_ value: MValue, node: Syntax) throws -> Bool {
        switch value {
        case .bool(let holds): return holds
        case .unknown(let refusal): throw refusal
        default: throw refusal(node, "\(Self.describe(node)) (a condition that is not a Boolean)")
        }
    }

    /// Methods of arrays and sets (and dictionaries and ranges, as sequences of entries).
    private func sequenceMethod(_ receiver: MValue, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        let isSet: Bool
        let items: [MValue]
        switch receiver {
        case .array(let elements): (isSet, items) = (false, elements)
        case .set(let elements): (isSet, items) = (true, elements)
        default: return nil
        }
        let labels = arguments.map(\.label)
        func value(_ index: Int, _ hint: MType? = nil) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: hint) }
        func function(_ index: Int, resultHint: MType? = nil) throws -> MValue { try evaluate(arguments[index].expression, in: scope, hint: nil) }
        // A set's (or dictionary's) order changes on each run of the manifest: what depends on
        // it cannot be told.
        if isSet, items.count > 1, !Self.orderInsensitiveMethods.contains(name) {
            try refuseUnorderedIteration(node)
        }
        let elementHint = hint?.element
        let receiverHint = Self.inferredType(of: receiver)?.element
        switch (name, labels) {
        case ("map", [nil]):
            let transform = try function(0)
            var result: [MValue] = []
            result.reserveCapacity(items.count)
            for item in items {
                try step(node)
                result.append(try apply(transform, [item], node: node, resultHint: elementHint))
            }
            return .array(result)
        case ("compactMap", [nil]):
            let transform = try function(0)
            var result: [MValue] = []
            for item in items {
                try step(node)
                let mapped = try apply(transform, [item], node: node, resultHint: elementHint.map { .optional($0) })
                if case .unknown = mapped { return mapped }
                if !mapped.isNone { result.append(mapped) }
            }
            return .array(result)
        case ("flatMap", [nil]):
            let transform = try function(0)
            var result: [MValue] = []
            for item in items {
                try step(node)
                let mapped = try apply(transform, [item], node: node, resultHint: hint)
                switch mapped {
                case .array(let elements), .set(let elements): result += elements
                case .null: continue
                case .unknown: return mapped
                default: result.append(mapped)
                }
            }
            return .array(result)
        case ("filter", [nil]):
            let predicate = try function(0)
            var result: [MValue] = []
            for item in items where try truth(try apply(predicate, [item], node: node), node: node) { result.append(item) }
            return isSet ? .set(result) : .array(result)
        case ("forEach", [nil]):
            let body = try function(0)
            for item in items {
                try step(node)
                _ = try apply(body, [item], node: node)
            }
            return .tuple([], labels: [])
        case ("reduce", [nil, nil]):
            var accumulator = try value(0, hint)
            let combine = try function(1)
            for item in items {
                try step(node)
                accumulator = try apply(combine, [accumulator, item], node: node, resultHint: hint)
            }
            return accumulator
        case ("reduce", ["into", nil]):
            var accumulator = try value(0, hint)
            guard case .function(.closure(let closure, let captured)) = try function(1) else { return unknown(node) }
            let names: [String]
            switch closure.signature?.parameterClause {
            case .simpleInput(let list): names = list.map { Self.plain($0.name.text) }
            case .parameterClause(let clause): names = clause.parameters.map { Self.plain(($0.secondName ?? $0.firstName).text) }
            case nil: names = ["$0", "$1"]
            }
            guard names.count == 2 else { return unknown(node) }
            for item in items {
                try step(node)
                let result = try run(
                    closure.statements, parent: captured, receiver: nil, context: nil, parameters: [(names[0], accumulator, hint), (names[1], item, nil)], returnType: nil, node: Syntax(closure))
                accumulator = result.parameters[names[0]] ?? accumulator
            }
            return accumulator
        case ("contains", [nil]):
            let target = try value(0, receiverHint)
            if case .function = target {
                for item in items where try truth(try apply(target, [item], node: node), node: node) { return .bool(true) }
                return .bool(false)
            }
            for item in items where try equalsOrThrow(item, target, node: node) { return .bool(true) }
            return .bool(false)
        case ("contains", ["where"]):
            let predicate = try function(0)
            for item in items where try truth(try apply(predicate, [item], node: node), node: node) { return .bool(true) }
            return .bool(false)
        case ("allSatisfy", [nil]):
            let predicate = try function(0)
            for item in items where try !truth(try apply(predicate, [item], node: node), node: node) { return .bool(false) }
            return .bool(true)
        case ("first", ["where"]), ("first", [nil]):
            let predicate = try function(0)
            for item in items where try truth(try apply(predicate, [item], node: node), node: node) { return item }
            return .null
        case ("last", ["where"]):
            let predicate = try function(0)
            for item in items.reversed() where try truth(try apply(predicate, [item], node: node), node: node) { return item }
            return .null
        case ("firstIndex", ["of"]):
            let target = try value(0, receiverHint)
            for (index, item) in items.enumerated() where try equalsOrThrow(item, target, node: node) { return .int(index) }
            return .null
        case ("firstIndex", ["where"]), ("firstIndex", [nil]):
            let predicate = try function(0)
            for (index, item) in items.enumerated() where try truth(try apply(predicate, [item], node: node), node: node) { return .int(index) }
            return .null
        case ("sorted", []):
            return .array(
                try stableSorted(items) { left, right in
                    guard let order = self.compare(left, right) else { throw self.refusal(node, "\(Self.describe(node)) (values the reader does not order)") }
                    return order < 0
                })
        case ("sorted", ["by"]), ("sorted", [nil]):
            let ordering = try function(0)
            return .array(try stableSorted(items) { left, right in try self.truth(try self.apply(ordering, [left, right], node: node), node: node) })
        case ("reversed", []): return .array(items.reversed())
        case ("enumerated", []): return .array(items.enumerated().map { .tuple([.int($0.offset), $0.element], labels: ["offset", "element"]) })
        case ("joined", ["separator"]):
            guard case .string(let separator) = try value(0) else { return unknown(node) }
            var parts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return item.unknownRefusal.map(MValue.unknown) ?? unknown(node) }
                parts.append(text)
            }
            return .string(parts.joined(separator: separator))
        case ("joined", []):
            if items.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                return .string(items.map { if case .string(let text) = $0 { return text } else { return "" } }.joined())
            }
            var result: [MValue] = []
            for item in items {
                switch item {
                case .array(let elements), .set(let elements): result += elements
                case .unknown: return item
                default: return unknown(node)
                }
            }
            return .array(result)
        case ("dropFirst", []), ("dropFirst", [nil]):
            let count = labels.isEmpty ? 1 : (try value(0)).intValue ?? 1
            return .array(Array(items.dropFirst(count)))
        case ("dropLast", []), ("dropLast", [nil]):
            let count = labels.isEmpty ? 1 : (try value(0)).intValue ?? 1
            return .array(Array(items.dropLast(count)))
        case ("prefix", [nil]):
            guard let count = try value(0).intValue else { return unknown(node) }
            return .array(Array(items.prefix(count)))
        case ("suffix", [nil]):
            guard let count = try value(0).intValue else { return unknown(node) }
            return .array(Array(items.suffix(count)))
        case ("min", []), ("max", []):
            var best: MValue?
            for item in items {
                guard let current = best else {
                    best = item
                    continue
                }
                guard let order = compare(item, current) else { return unknown(node) }
                if (name == "max" && order > 0) || (name == "min" && order < 0) { best = item }
            }
            return best ?? .null
        case ("union", [nil]), ("intersection", [nil]), ("subtracting", [nil]), ("symmetricDifference", [nil]), ("isSubset", ["of"]), ("isSuperset", ["of"]), ("isDisjoint", ["with"]):
            let other = try unorderedElements(of: try value(0, Self.inferredType(of: receiver)), node: Syntax(arguments[0].expression))
            func member(_ item: MValue, _ list: [MValue]) throws -> Bool { try list.contains { try equalsOrThrow($0, item, node: node) } }
            switch name {
            case "union": return .set(unique(items + other))
            case "intersection": return .set(try items.filter { try member($0, other) })
            case "subtracting": return isSet ? .set(try items.filter { try !member($0, other) }) : .array(try items.filter { try !member($0, other) })
            case "symmetricDifference": return .set(try items.filter { try !member($0, other) } + other.filter { try !member($0, items) })
            case "isSubset": return .bool(try items.allSatisfy { try member($0, other) })
            case "isSuperset": return .bool(try other.allSatisfy { try member($0, items) })
            default: return .bool(try items.allSatisfy { try !member($0, other) })
            }
        case ("appending", [nil]): return .array(items + [try value(0, receiverHint)])
        case ("appending", ["contentsOf"]): return .array(items + (try elements(of: try value(0, Self.inferredType(of: receiver)), node: node)))
        case ("count", ["where"]):
            let predicate = try function(0)
            var count = 0
            for item in items where try truth(try apply(predicate, [item], node: node), node: node) { count += 1 }
            return .int(count)
        default: return nil
        }
    }

    /// Methods whose result does not depend on the order of a set's elements.
    static let orderInsensitiveMethods: Set<String> = [
        "contains", "allSatisfy", "sorted", "filter", "union", "intersection", "subtracting", "symmetricDifference", "isSubset", "isSuperset",
        "isDisjoint", "min", "max", "count",
    ]

    /// Refuses, when every value must be known, what depends on the order a set or dictionary
    /// is gone through in (random in each run of a manifest).
    func refuseUnorderedIteration(_ node: Syntax) throws {
        guard strictOrder else { return }
        // A name's description already ends in its own clause (`'x', which is not a value …,`).
        let subject = Self.describe(node)
        let clause = "goes through a set or dictionary in an order that changes on each run of the manifest,"
        throw refusal(node, subject.hasSuffix(",") ? "\(subject) and \(clause)" : "\(subject), which \(clause)")
    }

    /// `items` sorted stably by `less` (Swift's sort keeps equal elements in order).
    private func stableSorted(_ items: [MValue], by less: (MValue, MValue) throws -> Bool) throws -> [MValue] {
        var result = items
        // Insertion sort: stable, and manifests sort short lists.
        for index in result.indices.dropFirst() {
            let item = result[index]
            var position = index
            while position > 0, try less(item, result[position - 1]) {
                result[position] = result[position - 1]
                position -= 1
            }
            result[position] = item
        }
        return result
    }

    /// Applies a method that changes `value` in place; returns the method's own result.
    func applyMutatingMethod(_ name: String, to value: inout MValue, arguments: [Argument], values: [MValue], node: Syntax, scope: Scope) throws -> MValue {
        let labels = arguments.map(\.label)
        let void = MValue.tuple([], labels: [])
        switch value {
        case .array(var items):
            switch (name, labels) {
            case ("append", [nil]):
                items.append(values[0])
            case ("append", ["contentsOf"]):
                if case .unknown = values[0] {
                    value = values[0]
                    return void
                }
                items += try elements(of: values[0], node: node)
            case ("insert", [nil, "at"]):
                guard case .int(let index) = values[1], (0...items.count).contains(index) else { throw refusal(node, "\(Self.describe(node)), an index out of range that stops the manifest,") }
                items.insert(values[0], at: index)
            case ("insert", ["contentsOf", "at"]):
                guard case .int(let index) = values[1], (0...items.count).contains(index) else { throw refusal(node, "\(Self.describe(node)), an index out of range that stops the manifest,") }
                items.insert(contentsOf: try elements(of: values[0], node: node), at: index)
            case ("remove", ["at"]):
                guard case .int(let index) = values[0], items.indices.contains(index) else { throw refusal(node, "\(Self.describe(node)), an index out of range that stops the manifest,") }
                let removed = items.remove(at: index)
                value = .array(items)
                return removed
            case ("removeAll", []), ("removeAll", ["keepingCapacity"]):
                items.removeAll()
            case ("removeAll", ["where"]), ("removeAll", [nil]):
                var kept: [MValue] = []
                for item in items where try !truth(try apply(values[0], [item], node: node), node: node) { kept.append(item) }
                items = kept
            case ("removeFirst", []), ("removeLast", []), ("popLast", []):
                guard !items.isEmpty else {
                    if name == "popLast" { return .null }
                    throw refusal(node, "\(Self.describe(node)), on an empty list, which stops the manifest,")
                }
                let removed = name == "removeFirst" ? items.removeFirst() : items.removeLast()
                value = .array(items)
                return removed
            case ("removeFirst", [nil]), ("removeLast", [nil]):
                guard case .int(let count) = values[0], count <= items.count else { throw refusal(node, "\(Self.describe(node)), which stops the manifest,") }
                if name == "removeFirst" { items.removeFirst(count) } else { items.removeLast(count) }
            case ("sort", []):
                items = try stableSorted(items) { left, right in
                    guard let order = self.compare(left, right) else { throw self.refusal(node, "\(Self.describe(node)) (values the reader does not order)") }
                    return order < 0
                }
            case ("sort", ["by"]), ("sort", [nil]):
                items = try stableSorted(items) { left, right in try self.truth(try self.apply(values[0], [left, right], node: node), node: node) }
            case ("reverse", []):
                items.reverse()
            case ("swapAt", [nil, nil]):
                guard case .int(let first) = values[0], case .int(let second) = values[1], items.indices.contains(first), items.indices.contains(second) else {
                    throw refusal(node, "\(Self.describe(node)), an index out of range that stops the manifest,")
                }
                items.swapAt(first, second)
            default:
                throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)")
            }
            value = .array(items)
            return void
        case .set(var items):
            func index(of item: MValue) throws -> Int? { try items.firstIndex { try equalsOrThrow($0, item, node: node) } }
            switch (name, labels) {
            case ("insert", [nil]):
                if try index(of: values[0]) == nil {
                    items.append(values[0])
                    value = .set(items)
                    return .tuple([.bool(true), values[0]], labels: ["inserted", "memberAfterInsert"])
                }
                return .tuple([.bool(false), values[0]], labels: ["inserted", "memberAfterInsert"])
            case ("update", ["with"]):
                if let existing = try index(of: values[0]) {
                    let old = items[existing]
                    items[existing] = values[0]
                    value = .set(items)
                    return old
                }
                items.append(values[0])
            case ("remove", [nil]):
                guard let existing = try index(of: values[0]) else { return .null }
                let removed = items.remove(at: existing)
                value = .set(items)
                return removed
            case ("formUnion", [nil]):
                for item in try unorderedElements(of: values[0], node: node) where try index(of: item) == nil { items.append(item) }
            case ("subtract", [nil]):
                let other = try unorderedElements(of: values[0], node: node)
                items = try items.filter { item in try !other.contains { try equalsOrThrow($0, item, node: node) } }
            case ("formIntersection", [nil]):
                let other = try unorderedElements(of: values[0], node: node)
                items = try items.filter { item in try other.contains { try equalsOrThrow($0, item, node: node) } }
            case ("removeAll", []):
                items.removeAll()
            case ("removeAll", ["where"]), ("removeAll", [nil]):
                var kept: [MValue] = []
                for item in items where try !truth(try apply(values[0], [item], node: node), node: node) { kept.append(item) }
                items = kept
            default:
                throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)")
            }
            value = .set(items)
            return void
        case .dictionary(var pairs):
            switch (name, labels) {
            case ("removeValue", ["forKey"]):
                guard let index = try pairs.firstIndex(where: { try equalsOrThrow($0.key, values[0], node: node) }) else { return .null }
                let removed = pairs.remove(at: index)
                value = .dictionary(pairs)
                return removed.value
            case ("updateValue", [nil, "forKey"]):
                if let index = try pairs.firstIndex(where: { try equalsOrThrow($0.key, values[1], node: node) }) {
                    let old = pairs[index].value
                    pairs[index].value = values[0]
                    value = .dictionary(pairs)
                    return old
                }
                pairs.append((values[1], values[0]))
                value = .dictionary(pairs)
                return .null
            case ("merge", [nil, "uniquingKeysWith"]):
                guard case .dictionary(let other) = values[0] else { throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)") }
                for pair in other {
                    if let index = try pairs.firstIndex(where: { try equalsOrThrow($0.key, pair.key, node: node) }) {
                        pairs[index].value = try apply(values[1], [pairs[index].value, pair.value], node: node)
                    } else {
                        pairs.append(pair)
                    }
                }
            case ("removeAll", []):
                pairs.removeAll()
            default:
                throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)")
            }
            value = .dictionary(pairs)
            return void
        case .bool(let flag) where name == "toggle":
            value = .bool(!flag)
            return void
        case .string(var text):
            switch (name, labels) {
            case ("append", [nil]), ("append", ["contentsOf"]):
                guard case .string(let suffix) = values[0] else { throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)") }
                text += suffix
            case ("removeLast", []): if !text.isEmpty { text.removeLast() }
            case ("removeFirst", []): if !text.isEmpty { text.removeFirst() }
            default: throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)")
            }
            value = .string(text)
            return void
        default:
            throw refusal(node, "\(Self.describe(node)) (a change the reader does not model)")
        }
    }
}

extension MValue {
    /// The integer, if this is one.
    var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }
}
