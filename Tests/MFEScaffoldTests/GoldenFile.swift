import Foundation
import MFECore
import Testing

@testable import MFEScaffold

/// Golden files: expected output kept in the repository, compared byte for byte. Run the
/// tests with `MFE_RECORD=1` to re-record them after an intended change, then review the diff.
enum GoldenFile {
    /// The repository root, found from this file's path.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Whether the tests re-record golden files instead of comparing.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["MFE_RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Compares `actual` with the file at `relativePath` (from the repository root); records it
    /// when recording. A mismatch fails with a line diff and the command to re-record.
    static func check(_ actual: String, against relativePath: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let path = PathUtilities.join(repositoryRoot, relativePath)
        if isRecording {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        guard let expected = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
            Issue.record("no golden file '\(relativePath)'; record it with MFE_RECORD=1 swift test", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("'\(relativePath)' differs (- expected, + actual); re-record with MFE_RECORD=1 swift test if intended:\n\(diff(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// A compact line diff: the changed lines with a little context.
    static func diff(_ expected: String, _ actual: String) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var lines = ["@@ line \(prefix + 1) @@"]
        lines += old[max(0, prefix - 2)..<prefix].map { "  " + $0 }
        lines += old[prefix..<(old.count - suffix)].prefix(40).map { "- " + $0 }
        lines += new[prefix..<(new.count - suffix)].prefix(40).map { "+ " + $0 }
        lines += old[(old.count - suffix)..<min(old.count, old.count - suffix + 2)].map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// Planned files as one text, each under a `=== path ===` header: one golden file per
    /// scenario, so a change shows as one readable diff.
    static func transcript(of files: [PlannedFile]) -> String {
        files.map { file in
            let contents = file.data.map { "(\($0.count) bytes, CRC-32 \(String(PNGEncoder.crc32($0), radix: 16)))\n" } ?? file.contents
            return "=== \(file.path) ===\n\(contents)"
        }.joined(separator: "\n")
    }
}
