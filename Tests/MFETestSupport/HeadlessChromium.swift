import Foundation
import MFECore

/// A headless Chromium for the tests that load `mfe graph --format html` pages: `MFE_CHROMIUM`,
/// else the first of `chromium-headless-shell`, `chromium`, `chromium-browser`, `google-chrome`
/// on PATH (`.ci/run` installs Debian's `chromium`). Tests that need it are skipped without one.
package enum HeadlessChromium {
    /// The executable and the arguments it needs to run headless; nil when none is installed.
    package static let executable: (path: String, arguments: [String])? = {
        let names = [ProcessInfo.processInfo.environment["MFE_CHROMIUM"]].compactMap { $0 } + ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]
        guard let path = PathUtilities.firstExecutable(among: names, environment: ProcessInfo.processInfo.environment) else { return nil }
        // The headless shell is headless already; the full browser needs the flag.
        return (path, path.hasSuffix("headless-shell") ? [] : ["--headless=new"])
    }()

    /// The DOM of `page` (a file) after it loaded, at `fragment` (e.g. `#select=A/B`): Chromium's
    /// `--dump-dom`, with a fresh profile in `scratch`, at most 120 seconds.
    package static func dumpDOM(of page: String, fragment: String = "", scratch: String) async throws -> String {
        guard let (path, headless) = executable else { return "" }
        let profile = scratch + "/chromium-profile-\(UUID().uuidString)"
        let arguments =
            ["120", path] + headless + [
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--user-data-dir=" + profile,
                "--window-size=1600,1000", "--dump-dom", URL(fileURLWithPath: page).absoluteString + fragment,
            ]
        let result = try await SubprocessRunner().run("timeout", arguments, workingDirectory: scratch, environment: [:])
        try? FileManager.default.removeItem(atPath: profile)
        return result.standardOutput
    }

    /// The page's machine-readable summary (`<script id="mfe-summary">`, written after its first
    /// frame) from a dumped DOM, decoded; nil when there is none.
    package static func summary(inDOM dom: String) throws -> [String: Any]? {
        guard let start = dom.range(of: "id=\"mfe-summary\">"), let end = dom.range(of: "</script>", range: start.upperBound..<dom.endIndex) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
    }
}
