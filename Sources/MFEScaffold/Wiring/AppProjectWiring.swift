import Foundation
import MFECore
import SwiftSyntax

/// The edits of the shell app's Xcode project that wiring a web feature needs beyond the Swift
/// files: the app target's generated Info.plist says why web pages may use the camera and the
/// microphone (and the local network, for a page on it), as `mfe init` writes it for a shell
/// created with a web feature, and the app's tests check it. iOS ends an app that uses one of
/// them without saying why, so a shell created without a web feature would crash the first
/// time a page asks. Settings already there are kept, so wiring twice changes nothing.
enum AppProjectWiring {
    /// The projects below `shellFolder` (absolute): `*.xcodeproj` in the folder or one level
    /// down (`Shell/NAME/NAME.xcodeproj`), by path.
    static func projects(in shellFolder: String, fileSystem: any FileSystem) -> [String] {
        var found: [String] = []
        let top = ((try? fileSystem.contentsOfDirectory(shellFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        for entry in top {
            let path = PathUtilities.join(shellFolder, entry)
            if entry.hasSuffix(".xcodeproj") {
                found.append(path)
            } else if fileSystem.isDirectory(path), !fileSystem.isSymbolicLink(path) {
                let inner = ((try? fileSystem.contentsOfDirectory(path)) ?? []).filter { $0.hasSuffix(".xcodeproj") }.sorted()
                found += inner.map { PathUtilities.join(path, $0) }
            }
        }
        return found.filter { fileSystem.exists(PathUtilities.join($0, "project.pbxproj")) }
    }

    /// The splices of `bytes` (a `project.pbxproj`, named `file` in messages) adding each of
    /// `settings` that a build configuration of an app target lacks, in the sorted place Xcode
    /// keeps it. Only targets that generate their Info.plist (`GENERATE_INFOPLIST_FILE = YES`)
    /// read `INFOPLIST_KEY_…` settings; their names are returned so the caller can say what is
    /// left to do for the others.
    static func splices(of bytes: [UInt8], file: String, adding settings: [(name: String, value: String)]) throws -> (splices: [SourceSplice], handWrittenInfoPlists: [String]) {
        let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let objects = (plist as? [String: Any])?["objects"] as? [String: Any] else {
            throw WiringRefusal(file: file, reason: "it is not an Xcode project mfe can read")
        }
        let lines = Lines(bytes: bytes)
        var splices: [SourceSplice] = []
        var handWritten: [String] = []
        let targets = objects.compactMap { id, value -> (id: String, object: [String: Any])? in
            guard let object = value as? [String: Any], object["isa"] as? String == "PBXNativeTarget", object["productType"] as? String == "com.apple.product-type.application" else { return nil }
            return (id, object)
        }
        for (_, target) in targets.sorted(by: { $0.id < $1.id }) {
            let name = target["name"] as? String ?? "?"
            let list = (target["buildConfigurationList"] as? String).flatMap { objects[$0] as? [String: Any] }
            for configurationID in list?["buildConfigurations"] as? [String] ?? [] {
                guard let configuration = objects[configurationID] as? [String: Any], let buildSettings = configuration["buildSettings"] as? [String: Any] else { continue }
                guard buildSettings["GENERATE_INFOPLIST_FILE"] as? String == "YES" else {
                    if !handWritten.contains(name) { handWritten.append(name) }
                    continue
                }
                let missing = settings.filter { buildSettings[$0.name] == nil }
                guard !missing.isEmpty else { continue }
                guard let block = lines.buildSettings(of: configurationID) else {
                    let shown = configuration["name"] as? String ?? configurationID
                    throw WiringRefusal(file: file, reason: "the build settings of the '\(shown)' configuration of the target '\(name)' are not laid out as Xcode writes them")
                }
                for setting in missing.sorted(by: { $0.name < $1.name }) {
                    let next = block.entries.first { $0.key > setting.name }
                    splices.append(SourceSplice(offset: next?.offset ?? block.end, text: block.indent + setting.name + " = " + setting.value + ";\n"))
                }
            }
        }
        return (splices, handWritten)
    }

    /// The splices of the app's tests (`AppBundleTests`) adding the test that the app says why
    /// web pages may use the camera and microphone, after `theAppIsReadyForAppStoreConnect`
    /// as `mfe init` places it, else last; none when it has it or is not a type mfe wrote.
    static func testSplices(of source: ParsedSource) -> [SourceSplice] {
        guard let tests = source.declaration(named: "AppBundleTests")?.asProtocol(DeclGroupSyntax.self),
            !source.declaresMethod(XcodeAppProject.webUsageTestName, of: "AppBundleTests")
        else { return [] }
        let functions = tests.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
        let indent = functions.first.map { source.layout.indentation(of: $0) } ?? source.layout.indentUnit
        let text = XcodeAppProject.webUsageTest.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        if let anchor = functions.first(where: { $0.name.text == "theAppIsReadyForAppStoreConnect" }) ?? functions.last {
            return [SourceSplice(offset: anchor.endPosition.utf8Offset, text: "\n\n" + text)]
        }
        return [SourceSplice(offset: tests.memberBlock.leftBrace.endPosition.utf8Offset, text: "\n" + text + "\n")]
    }

    /// A `project.pbxproj`'s lines, with their byte offsets, to find where a build setting goes.
    struct Lines {
        /// Each line's text (without its line break) and the offset of its first byte.
        var lines: [(text: String, offset: Int)] = []
        /// The offset just past the last byte.
        var end: Int

        init(bytes: [UInt8]) {
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                lines.append((Self.text(bytes[start..<index]), start))
                start = index + 1
            }
            if start < bytes.count { lines.append((Self.text(bytes[start...]), start)) }
            end = bytes.count
        }

        private static func text(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes, as: UTF8.self)
        }

        /// A configuration's `buildSettings = { … };` block: each setting's name and the offset
        /// of its line, the indentation of a setting and the offset of the closing line.
        struct Block {
            var entries: [(key: String, offset: Int)]
            var indent: String
            var end: Int
        }

        /// The block of the configuration `id`, or nil when it is not one setting a line under
        /// `buildSettings = {` inside `ID /* … */ = {`, as Xcode writes it.
        func buildSettings(of id: String) -> Block? {
            guard let definition = lines.firstIndex(where: { $0.text.drop { $0 == "\t" || $0 == " " }.hasPrefix(id + " ") && $0.text.hasSuffix("= {") }) else { return nil }
            let open = lines[(definition + 1)...].prefix { Self.depth($0.text) > Self.depth(lines[definition].text) }
            guard let start = open.firstIndex(where: { $0.text.trimmingCharacters(in: .whitespaces) == "buildSettings = {" }) else { return nil }
            let outer = Self.indentation(lines[start].text)
            var entries: [(key: String, offset: Int)] = []
            var indent: String?
            for index in (start + 1)..<lines.count {
                let line = lines[index]
                let lineIndent = Self.indentation(line.text)
                if lineIndent == outer {
                    guard line.text.trimmingCharacters(in: .whitespaces) == "};", let indent else { return nil }
                    return Block(entries: entries, indent: indent, end: line.offset)
                }
                guard lineIndent.count > outer.count, lineIndent.hasPrefix(outer) else { return nil }
                if indent == nil { indent = lineIndent }
                let trimmed = line.text.dropFirst(lineIndent.count)
                // A list's items are deeper, and its `);` closes at the setting's indentation.
                guard lineIndent == indent, !trimmed.hasPrefix(")") else { continue }
                guard let separator = trimmed.range(of: " = ") else { return nil }
                entries.append((String(trimmed[..<separator.lowerBound]).trimmingCharacters(in: ["\""]), line.offset))
            }
            return nil
        }

        private static func indentation(_ text: String) -> String {
            String(text.prefix { $0 == "\t" || $0 == " " })
        }

        private static func depth(_ text: String) -> Int {
            indentation(text).count
        }
    }
}
