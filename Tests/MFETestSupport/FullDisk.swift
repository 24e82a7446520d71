import Foundation

/// A tiny tmpfs mounted on a temporary folder and filled to the last byte, to test what mfe
/// does when a disk is full. Mounting needs root (and the capability to mount, which some
/// containers lack): `isAvailable` says whether this machine can, and tests needing it are
/// skipped elsewhere.
package final class FullDisk: @unchecked Sendable {
    /// The mount point; everything written below it fails with "no space left on device".
    package let path: String

    /// Whether a tmpfs can be mounted here: running as root and a trial mount succeeds.
    package static let isAvailable: Bool = {
        guard getuid() == 0, let disk = try? FullDisk(size: "16k") else { return false }
        _ = disk
        return true
    }()

    /// Mounts a tmpfs of `size` (as `mount -o size=` takes it) and fills it.
    package init(size: String = "64k") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-full-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.fileWriteUnknown)
        }
        // Fill it: write until the device refuses.
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT, 0o644)
        if descriptor >= 0 {
            let chunk = [UInt8](repeating: 0x2E, count: 1024)
            while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            close(descriptor)
        }
    }

    /// The names in the mount point other than the filler: what a failed write left behind.
    package func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { $0 != "filler" && $0 != "lost+found" }.sorted()
    }

    deinit {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
