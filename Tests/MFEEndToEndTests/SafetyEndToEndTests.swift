import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Nothing of the user's is lost, and nothing of mfe's is left behind: `--write-baseline`
/// never replaces a file mfe did not write, an interrupt removes mfe's temporary folder, and
/// a full disk leaves no temporary file.
@Suite("safety of user files")
struct SafetyEndToEndTests {
    @Test(arguments: ["mfe.yml", "Home/Package.swift", "Home/Sources/Home/Home.swift"])
    func writeBaselineNeverReplacesAFileMfeDidNotWrite(target: String) async throws {
        let fixture = try HostileInputFixture()
        let before = try fixture.snapshot()
        let result = try await MFEBinary.run(["lint-graph", "--write-baseline", target], in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: '\(target)' exists and is not a baseline mfe wrote; mfe will not replace it. Give the baseline another name (e.g. 'mfe-baseline.json'), or remove the file first if it really is to be replaced\n"
        )
        #expect(try fixture.snapshot() == before)
    }

    @Test func writeBaselineReplacesItsOwnBaselineOrAnEmptyFile() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("", to: "empty.json")
        let first = try await MFEBinary.run(["lint-graph", "--write-baseline", "empty.json"], in: fixture.path)
        #expect(first.status == 0, "\(first.standardError)")
        let again = try await MFEBinary.run(["lint-graph", "--write-baseline", "empty.json"], in: fixture.path)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(fixture.read("empty.json").map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("{\n  \"findings\": [") == true)
        let folder = try await MFEBinary.run(["lint-graph", "--write-baseline", "Home"], in: fixture.path)
        #expect(folder.status == 2)
        #expect(folder.standardError.contains("'--write-baseline Home' is a folder"))
    }

    /// SIGINT or SIGTERM while `create` or `init` has its files in the temporary folder:
    /// the folder (and any folder made for it) is removed and mfe exits 128 + the signal.
    @Test(
        .hangGuard(processes: 1), .enabled(if: MFEBinary.hasTestHooks, "needs the debug build's pause before the rename"),
        arguments: [(["create", "Search"], SIGINT), (["create", "Search"], SIGTERM), (["init", "Other"], SIGINT), (["init", "Other"], SIGHUP)]
    )
    func anInterruptLeavesNothingBehind(arguments: [String], signalNumber: Int32) async throws {
        let fixture = try HostileInputFixture()
        // `init` runs outside the fixture's workspace (mfe refuses to nest workspaces).
        let elsewhere = fixture.path + "-elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let directory = arguments[0] == "init" ? elsewhere : fixture.path
        let before = try fixture.snapshot()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MFEBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        // As long as the hook allows: the signal ends the pause, whenever the test sends it.
        environment["MFE_TEST_PAUSE_BEFORE_RENAME"] = "600"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let errorPipe = Pipe()
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary folder holds its README.md: mfe is paused before the rename.
        var temporary: String?
        while temporary == nil, process.isRunning {
            temporary = Self.temporaryFolders(below: directory).first { FileManager.default.fileExists(atPath: $0 + "/README.md") }
            if temporary == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        #expect(temporary != nil, "mfe never wrote its temporary folder")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        let standardError = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signalNumber, "\(standardError)")
        #expect(standardError.contains("error: interrupted (SIG"), "\(standardError)")
        #expect(Self.temporaryFolders(below: directory).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(try fixture.snapshot() == before)
    }

    /// A full disk while `create` writes: exit 2 naming the package, and nothing left on the disk.
    @Test(.enabled(if: FullDisk.isAvailable, "needs root and tmpfs"), arguments: [["create", "Search", "--path"], ["init", "Other", "--path"]])
    func aFullDiskLeavesNothingBehind(arguments: [String]) async throws {
        let disk = try FullDisk()
        let result = try await MFEBinary.run(arguments + [disk.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains(": no space left on device; free some disk space"), "\(result.standardError)")
        #expect(result.standardError.hasSuffix("nothing was left behind\n"))
        #expect(try disk.leftovers().isEmpty)
    }

    @Test(.enabled(if: FullDisk.isAvailable, "needs root and tmpfs"))
    func aBaselineOnAFullDiskLeavesNoTemporaryFile() async throws {
        let fixture = try HostileInputFixture()
        let disk = try FullDisk()
        let result = try await MFEBinary.run(["lint-graph", "--write-baseline", disk.path + "/mfe-baseline.json"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot write '\(disk.path)/mfe-baseline.json': no space left on device; free some disk space (or raise the quota) and run mfe again\n")
        #expect(try disk.leftovers().isEmpty)
    }

    /// mfe's temporary folders (`.mfe-NAME-…`) and files (`.NAME.mfe-…`) anywhere below `root`.
    static func temporaryFolders(below root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".mfe-") || (name.hasPrefix(".") && name.contains(".mfe-")) { found.append(PathUtilities.join(root, relative)) }
        }
        return found
    }
}
