import Foundation
import MFECore

/// A baseline: the findings a team has accepted for now, so that `mfe lint-graph` fails only
/// on new ones. Entries are matched by fingerprint, which survives moved lines and reworded
/// messages; the other fields are there for people reading the file.
///
/// The file is JSON, one entry per line, sorted, with sorted keys, so it diffs well and the
/// same findings always give the same bytes:
///
/// ```json
/// {
///   "version": 1,
///   "findings": [
///     {"file": "Features/Browse/Package.swift", "fingerprint": "…", "from": "Browse", "rule": "product-to-product", "to": "RestaurantOrder"}
///   ]
/// }
/// ```
package struct Baseline: Sendable, Equatable {
    /// One accepted finding.
    package struct Entry: Sendable, Hashable, Decodable {
        /// The finding's fingerprint: what is matched.
        package var fingerprint: String
        /// The rule id.
        package var rule: String
        /// The finding's file, relative to the workspace root.
        package var file: String
        /// The depending target, for edge rules.
        package var from: String?
        /// The target depended on, for edge rules.
        package var to: String?
        /// The cycle path, for cycles.
        package var path: [String]?
        /// The package, for package-level findings.
        package var feature: String?
        /// The line of the entry in the baseline file it was read from (not written).
        package var line: Int?

        /// Creates an entry.
        package init(fingerprint: String, rule: String, file: String, from: String? = nil, to: String? = nil, path: [String]? = nil, feature: String? = nil, line: Int? = nil) {
            self.fingerprint = fingerprint
            self.rule = rule
            self.file = file
            self.from = from
            self.to = to
            self.path = path
            self.feature = feature
            self.line = line
        }

        /// The entry accepting `finding`.
        package init(_ finding: Finding) {
            self.init(fingerprint: finding.fingerprint, rule: finding.rule.rawValue, file: finding.file, from: finding.from, to: finding.to, path: finding.path, feature: finding.feature)
        }

        enum CodingKeys: String, CodingKey {
            case fingerprint, rule, file, from, to, path, feature
        }

        /// How the entry reads: `product-to-product Browse -> RestaurantOrder`.
        var summary: String {
            if let from, let to { return "'\(rule)' \(from) -> \(to)" }
            if let path { return "'\(rule)' \(path.joined(separator: " -> "))" }
            if let feature { return "'\(rule)' \(feature)" }
            return "'\(rule)' in \(file)"
        }
    }

    /// The baseline file format version.
    package static let formatVersion = 1

    /// The accepted findings, sorted.
    package var entries: [Entry]

    /// Creates a baseline of `entries`, sorted.
    package init(entries: [Entry]) {
        self.entries = entries.sorted(by: Baseline.ordered)
    }

    /// The baseline accepting every finding in `findings` (except the baseline's and
    /// `allow:`'s own findings, which a baseline cannot accept).
    package init(accepting findings: [Finding]) {
        var seen: Set<String> = []
        let entries = findings.filter { !LintRule.metaRuleIDs.contains($0.rule) && seen.insert($0.fingerprint).inserted }.map(Entry.init)
        self.init(entries: entries)
    }

    private static func ordered(_ lhs: Entry, _ rhs: Entry) -> Bool {
        let left = [lhs.file, lhs.rule, lhs.from ?? "", lhs.to ?? "", lhs.path?.joined(separator: "\u{1F}") ?? "", lhs.feature ?? "", lhs.fingerprint]
        let right = [rhs.file, rhs.rule, rhs.from ?? "", rhs.to ?? "", rhs.path?.joined(separator: "\u{1F}") ?? "", rhs.feature ?? "", rhs.fingerprint]
        return left.lexicographicallyPrecedes(right)
    }

    /// The file's bytes: deterministic, one entry per line, trailing newline (`JSONValue`
    /// writes them, the same bytes on every platform, with the keys the decoder reads).
    package func encoded() -> Data {
        let findings: [JSONValue] = entries.map { entry in
            var object: [String: JSONValue] = ["fingerprint": .string(entry.fingerprint), "rule": .string(entry.rule), "file": .string(entry.file)]
            if let from = entry.from { object["from"] = .string(from) }
            if let to = entry.to { object["to"] = .string(to) }
            if let path = entry.path { object["path"] = .array(path.map(JSONValue.string)) }
            if let feature = entry.feature { object["feature"] = .string(feature) }
            return .object(object)
        }
        let document: JSONValue = ["version": .int(Baseline.formatVersion), "findings": .array(findings)]
        return Data(document.formatted(inlineDepth: 2).utf8)
    }

    /// Whether `data` is a baseline file: a JSON object with a numeric `version` and a
    /// `findings` array and nothing else, as mfe writes it (any format version).
    /// `--write-baseline` replaces only such a file, never an `mfe.yml` or a `Package.swift` a
    /// typo names.
    package static func isBaselineFile(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(Shape.self, from: data)) != nil
    }

    /// Parses baseline bytes read from `file` (for messages), recording each entry's line.
    package static func decode(_ data: Data, file: String) throws -> Baseline {
        var baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: data)
        } catch let unsupported as UnsupportedVersion {
            throw BaselineError.unsupportedVersion(unsupported.version, file: file, at: SourceLocation(file: file, line: 1, column: 1))
        } catch {
            throw BaselineError.notABaseline(file: file, problem: describe(error), at: location(of: error, in: data, file: file))
        }
        // Each entry's line: where its fingerprint is written, in file order.
        let text = String(decoding: data, as: UTF8.self)
        var lineOf: [String: [Int]] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for entry in baseline.entries where line.contains("\"\(entry.fingerprint)\"") {
                if lineOf[entry.fingerprint]?.last != number + 1 { lineOf[entry.fingerprint, default: []].append(number + 1) }
            }
        }
        var used: [String: Int] = [:]
        for index in baseline.entries.indices {
            let fingerprint = baseline.entries[index].fingerprint
            let lines = lineOf[fingerprint] ?? []
            let position = used[fingerprint, default: 0]
            baseline.entries[index].line = position < lines.count ? lines[position] : lines.last ?? 1
            used[fingerprint] = position + 1
        }
        return baseline
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "'\(key.stringValue)' is missing at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong value at \(path(context.codingPath))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(path(context.codingPath))"
        default:
            return "not valid JSON"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : "'\(text.hasPrefix(".") ? String(text.dropFirst()) : text)'"
    }

    /// The line and column a JSON error mentions (`around line 3, column 5`), else 1:1.
    private static func location(of error: any Error, in data: Data, file: String) -> SourceLocation {
        var texts = ["\(error)"]
        if case DecodingError.dataCorrupted(let context) = error, let underlying = context.underlyingError {
            texts.append("\(underlying)")
            texts.append((underlying as NSError).userInfo.values.map { "\($0)" }.joined(separator: " "))
        }
        for text in texts {
            if let match = text.firstMatch(of: /line (\d+), column (\d+)/), let line = Int(match.1), let column = Int(match.2) {
                return SourceLocation(file: file, line: line, column: column)
            }
        }
        return SourceLocation(file: file, line: 1, column: 1)
    }
}

extension Baseline: Decodable {
    private enum CodingKeys: String, CodingKey {
        case version, findings
    }

    /// A format version this mfe does not read: `decode(_:file:)` turns it into
    /// `BaselineError.unsupportedVersion` naming the file.
    private struct UnsupportedVersion: Error {
        var version: Int
    }

    /// Decodes `{"version": 1, "findings": [...]}`, the entries in file order.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Baseline.formatVersion else { throw UnsupportedVersion(version: version) }
        entries = try container.decode([Entry].self, forKey: .findings)
    }

    /// What every format version of the file is: exactly a numeric `version` and a
    /// `findings` array.
    private struct Shape: Decodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard Set(container.allKeys.map(\.stringValue)) == ["version", "findings"] else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not the keys of a baseline"))
            }
            _ = try container.decode(Double.self, forKey: Key(stringValue: "version"))
            _ = try container.nestedUnkeyedContainer(forKey: Key(stringValue: "findings"))
        }
    }
}
