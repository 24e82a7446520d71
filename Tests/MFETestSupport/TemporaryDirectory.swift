import Foundation

/// A temporary directory removed when the test ends.
package final class TemporaryDirectory: @unchecked Sendable {
    package let path: String

    package init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    package func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
