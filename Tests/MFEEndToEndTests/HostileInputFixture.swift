import Foundation
import MFEKit
import MFETestSupport

extension HostileInputFixture {
    /// Runs `mfe arguments…` in `directory` through `/bin/sh`, with `redirections` (shell
    /// syntax such as `>/dev/full` or `>&-`) applied to it.
    static func run(_ arguments: [String], redirections: String, in directory: String? = nil, environment: [String: String?] = [:]) async throws -> ProcessResult {
        var environment = environment
        environment["NO_COLOR"] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return try await SubprocessRunner().run("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirections)", MFEBinary.path] + arguments, workingDirectory: directory, environment: environment)
    }
}
