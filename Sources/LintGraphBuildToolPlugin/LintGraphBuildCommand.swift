import Foundation
import PackagePlugin

/// The build command both build-tool plugins return: `mfe lint-graph` on the package's folder,
/// its findings printed as Xcode and SwiftPM print diagnostics (absolute paths, so Xcode's issue
/// navigator links them), the build failing when mfe exits non-zero (error findings: 1, unusable
/// input: 2). Each folder holds a link to this file, as plugins cannot share a library.
struct LintGraphBuildCommand {
    /// The plugin's context: where the package is and how to reach the `mfe` tool.
    var context: PluginContext
    /// Whether to run the `--imports` rules too, which read the package's Swift sources.
    var imports: Bool

    /// The command for `target`: one per target the plugin is applied to (apply it to one).
    /// It is a build command, not a prebuild command, so it runs only when one of its inputs
    /// changed (Package.swift, mfe.yml, the baseline, mfe itself, and with `--imports` the
    /// sources); its output is an empty Swift file compiled into the target, because SwiftPM
    /// runs a build command only for the outputs a target consumes and copies an output of any
    /// other type into the target's resource bundle.
    func commands(for target: any Target) throws -> [Command] {
        guard target is SourceModuleTarget else { return [] }
        let mfe = try context.tool(named: "mfe").url
        let package = context.package.directoryURL
        var inputs = ["Package.swift", "mfe.yml", "mfe-baseline.json"].map { package.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path(percentEncoded: false)) }
        if imports {
            let modules = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            inputs += modules.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        }
        let stamp = context.pluginWorkDirectoryURL.appending(path: "mfe-lint-graph-\(target.name).swift")
        return [
            .buildCommand(
                displayName: "mfe lint-graph\(imports ? " --imports" : "") \(context.package.displayName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "mfe", mfe.path(percentEncoded: false), package.path(percentEncoded: false), stamp.path(percentEncoded: false)]
                    + (imports ? ["--imports"] : []),
                environment: ["NO_COLOR": "1"],
                inputFiles: [mfe] + inputs,
                outputFiles: [stamp]
            )
        ]
    }

    /// `sh -c script mfe MFE PACKAGE STAMP [--imports]`: runs mfe in the package's folder, makes
    /// each finding's path absolute (and `notice:`, which Xcode does not know, `note:`), passes
    /// mfe's status on, and touches the stamp only when mfe succeeded, so a failed check reruns.
    static let script = #"""
        mfe="$1"; package="${2%/}"; stamp="$3"; shift 3
        cd "$package" || exit 2
        output=$("$mfe" lint-graph . "$@" 2>&1)
        status=$?
        printf '%s\n' "$output" | awk -v root="$package" '
            /^[^ \/][^:]*:[0-9]+:[0-9]+: (error|warning|notice): / { sub(/: notice: /, ": note: "); print root "/" $0; next }
            { print }'
        [ "$status" -eq 0 ] || exit "$status"
        printf '// mfe lint-graph found no errors in this package.\n' > "$stamp"
        """#
}
