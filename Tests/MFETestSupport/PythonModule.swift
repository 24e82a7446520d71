import Foundation

/// Finds a Python that can import a PyPI module the tests check mfe's output with (pbxproj,
/// markdown-it-py): `.ci/run` installs each into a venv under `.build`.
package enum PythonModule {
    /// The repository's root folder, where `.build` is.
    package static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The first of `variable` (an environment variable naming a Python), `.build/VENV/bin/python3`
    /// and the system's `python3` that imports `module`; nil when none does.
    package static func interpreter(importing module: String, venv: String, variable: String) -> String? {
        var candidates = [repositoryRoot + "/.build/\(venv)/bin/python3", "/usr/bin/python3", "/usr/local/bin/python3"]
        if let chosen = ProcessInfo.processInfo.environment[variable], !chosen.isEmpty { candidates.insert(chosen, at: 0) }
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: candidate)
            process.arguments = ["-c", "import \(module)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }
}
