import Foundation
import MFECompose
import MFECore
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe compose-shell`: find the shell, compose (MFECompose resolves the MFEs' requirements
/// against their repositories), check or lint the composed graph, and plan the
/// `Package.resolved` write. Exit codes: 0 written or up to date, 1 conflict, lint errors or
/// stale with `--check`; unusable input is thrown as an `InputError` (exit 2). The old file is
/// kept on every failure because its write is the output's only write. Nothing it prints or
/// throws carries the credentials of a URL.
public struct ComposeShellService: CommandService {
    /// The summary format.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// What `mfe compose-shell` was asked to do.
    public struct Request: Sendable, Equatable {
        /// A shell package folder or a workspace folder; nil for the current directory.
        package var path: String?
        /// The `Package.resolved` to write, when not the shell package's own.
        package var output: String?
        /// nil: keep pins; empty: move every pin; else move the named packages' pins.
        package var update: [String]?
        /// Write nothing; exit 1 with a diff when the file is stale.
        package var check: Bool
        /// Skip the layer rules on the composed graph.
        package var noLint: Bool
        /// The summary format.
        package var format: Format
        /// `--loader`.
        package var loader: ManifestLoaderKind?

        /// Creates a request.
        public init(path: String? = nil, output: String? = nil, update: [String]? = nil, check: Bool = false, noLint: Bool = false, format: Format = .text, loader: ManifestLoaderKind? = nil) {
            self.path = path
            self.output = output
            self.update = update
            self.check = check
            self.noLint = noLint
            self.format = format
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment
    let progress: (any CompositionProgress)?
    let makeProvider: @Sendable (ManifestLoaderKind) -> any PackageSourceProvider

    /// Creates the service, fetching into the user's cache; `progress` shows the fetches
    /// (on a terminal) and is finished before the service returns.
    public init(environment: ServiceEnvironment = .current, progress: (any CompositionProgress)? = nil) {
        let variables = environment.variables
        self.init(environment: environment, progress: progress) { kind in
            let git = Git(environment: variables)
            let cache = CompositionCache.userDefault(environment: variables, clock: environment.clock)
            let parser = CommitManifestLoader(kind: kind, cache: cache, runner: environment.processRunner, git: git, environment: variables)
            return GitPackageSourceProvider(git: git, cache: cache, parser: parser, progress: progress)
        }
    }

    /// Creates the service with the packages of `makeProvider` (given the loader kind).
    package init(environment: ServiceEnvironment, progress: (any CompositionProgress)? = nil, makeProvider: @escaping @Sendable (ManifestLoaderKind) -> any PackageSourceProvider) {
        self.environment = environment
        self.progress = progress
        self.makeProvider = makeProvider
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        var output: CommandOutput
        do {
            output = try await compose(request)
            await progress?.finish()
        } catch {
            await progress?.finish()
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            let redacted = CredentialRedaction.redact(message)
            if redacted != message { throw ComposeShellError.redacted(redacted) }
            throw error
        }
        // Credentials in URLs never reach the terminal or a log, in any format.
        output.printed = output.printed.map { CommandOutput.Text(stream: $0.stream, text: CredentialRedaction.redact($0.text)) }
        return output
    }

    private func compose(_ options: Request) async throws -> CommandOutput {
        let fileSystem = environment.fileSystem
        // The command line's loader (`--loader`, `MFE_LOADER`), else the static reader: the
        // workspace's 'loader:' alone never runs manifest code; it is noted.
        let chosen = try environment.loaderKind(flag: options.loader)
        let kind = chosen ?? .static
        let shell = try locate(options)
        let request = shell.request
        var output = CommandOutput()
        if chosen == nil, let configuration = shell.configuration,
            let note = ManifestLoaderKind.notAppliedNote(
                configured: configuration.loader,
                at: configuration.loaderLocation.map { "\(PathUtilities.relative($0.file, to: environment.currentDirectory)):\($0.line)" } ?? configuration.file)
        {
            output.printError("note: \(note)\n")
        }
        let provider = makeProvider(kind)
        let composer = ShellComposer(
            provider: provider, loader: kind.makeLoader(fileSystem: fileSystem, processRunner: environment.processRunner, environment: environment.variables), fileSystem: fileSystem)
        let label = PathUtilities.relative(request.outputPath, to: environment.currentDirectory)
        let summary = CompositionSummaryRenderer()
        let composition: Composition
        do {
            composition = try await composer.compose(request)
        } catch let conflict as CompositionConflict {
            output.printError("error: the MFEs' requirements conflict; \(request.outputPath) is unchanged\n" + conflict.message + "\n")
            if options.format == .json { output.print(summary.render(status: "conflict", composition: nil, path: request.outputPath, conflict: conflict)) }
            output.exitCode = 1
            return output
        } catch var untrusted as UntrustedPins {
            // A pin its repository does not back: `--check` fails as for a stale file; any
            // other run stops with exit 2 and keeps the file, for a person to look at.
            untrusted.file = label
            guard options.check else { throw untrusted }
            output.printError("error: \(label) is not backed by the repositories it pins, so it is stale:\n" + (untrusted.errorDescription ?? "") + "\n")
            if options.format == .json { output.print(summary.render(status: "untrusted", composition: nil, path: label, untrusted: untrusted)) }
            output.exitCode = 1
            return output
        }
        if let names = options.update, !names.isEmpty {
            try checkUpdateNames(names, composition: composition)
        }
        if options.check {
            let disagreeing = shell.mirrors.filter { mirror in
                (fileSystem.exists(mirror) ? try? fileSystem.contents(of: mirror) : nil) != composition.previousBytes
            }
            if composition.isUpToDate, !disagreeing.isEmpty {
                output.exitCode = 1
                reportDisagreement(disagreeing, label: label, composition: composition, format: options.format, into: &output)
                return output
            }
            if composition.isUpToDate {
                output.print(options.format == .json ? summary.render(status: "up-to-date", composition: composition, path: label) : "\(label) is up to date\n")
                return output
            }
            output.exitCode = 1
            let diff = UnifiedDiff.render(
                old: composition.previousBytes.map { String(decoding: $0, as: UTF8.self) } ?? "",
                new: String(decoding: composition.bytes, as: UTF8.self),
                oldLabel: "a/\(label)", newLabel: "b/\(label)"
            )
            if options.format == .json {
                output.print(summary.render(status: "stale", composition: composition, path: label, diff: diff))
            } else {
                output.print(diff)
                if composition.onlyOriginHashChanged {
                    output.printError(
                        "error: \(label) is stale: only its originHash changed (the shell's Package.swift was edited, no pin moves); run 'mfe compose-shell' to refresh the hash, or 'swift package resolve' re-resolves on every run until it is refreshed\n"
                    )
                    return output
                }
                output.printError(
                    "error: \(label) is stale\(composition.changes.isEmpty ? "" : " (" + composition.changes.map(\.summary).joined(separator: ", ") + ")"); run 'mfe compose-shell' to update it\n")
            }
            if !disagreeing.isEmpty { reportDisagreement(disagreeing, label: label, composition: composition, format: options.format, summaryPrinted: true, into: &output) }
            return output
        }
        if !options.noLint {
            let workspace = try await composedWorkspace(composition, shell: shell, provider: provider)
            let report = Linter().lint(workspace)
            if report.summary.errors > 0 {
                // Only error findings fail a composition, so only they are shown.
                let failing = LintReport(findings: report.findings.filter { $0.severity == .error }, summary: report.summary)
                output.printError(TextReportRenderer().render(failing, context: ReportContext(color: environment.color)))
                output.printError("error: the composed graph breaks the layer rules; \(label) is unchanged (use --no-lint to write it anyway)\n")
                output.exitCode = 1
                return output
            }
        }
        output.writes += Self.writes(of: composition, to: request.outputPath)
        var mirrored: [String] = []
        for mirror in shell.mirrors {
            let bytes = fileSystem.exists(mirror) ? try? fileSystem.contents(of: mirror) : nil
            let wanted = composition.file == nil ? nil : composition.bytes
            guard bytes != wanted else { continue }
            output.writes.append(wanted.map { .replace(path: mirror, data: $0, createsFolder: true) } ?? .remove(path: mirror))
            mirrored.append(PathUtilities.relative(mirror, to: environment.currentDirectory))
        }
        if options.format == .json {
            output.print(summary.render(status: composition.isUpToDate ? "up-to-date" : "written", composition: composition, path: label))
        } else {
            var text = composition.changes.map { $0.summary + "\n" }.joined()
            if composition.isUpToDate {
                text += "\(label) is up to date (\(composition.packages.count) pins)\n"
            } else if composition.onlyOriginHashChanged {
                text += "refreshed the originHash of \(label) (the shell's Package.swift changed, no pin moved)\n"
            } else if composition.file == nil {
                text += "removed \(label): nothing to pin\n"
            } else {
                text += "wrote \(label) (\(composition.packages.count) pins)\n"
            }
            for mirror in mirrored { text += "wrote \(mirror), the same pins for Xcode\n" }
            output.print(text)
        }
        return output
    }

    /// The `--check` error for Xcode's `Package.resolved` files that do not hold the shell
    /// package's pins: a diff per file (the JSON summary of the first, when no summary was
    /// printed yet) and one line naming both.
    private func reportDisagreement(_ mirrors: [String], label: String, composition: Composition, format: Format, summaryPrinted: Bool = false, into output: inout CommandOutput) {
        let here = environment.currentDirectory
        for (index, mirror) in mirrors.enumerated() {
            let mirrorLabel = PathUtilities.relative(mirror, to: here)
            let old = (try? environment.fileSystem.contents(of: mirror)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let diff = UnifiedDiff.render(old: old, new: String(decoding: composition.bytes, as: UTF8.self), oldLabel: "a/\(mirrorLabel)", newLabel: "b/\(mirrorLabel)")
            if format == .text {
                output.print(diff)
            } else if index == 0 && !summaryPrinted {
                output.print(CompositionSummaryRenderer().render(status: "stale", composition: composition, path: mirrorLabel, diff: diff))
            }
            output.printError("error: \(label) and \(mirrorLabel) disagree: Xcode builds the app with the pins of \(mirrorLabel); run 'mfe compose-shell' to write the same pins to both\n")
        }
    }

    /// The write of `composition` to `path`: none when its bytes are already there; the file
    /// removed when there is nothing to pin, as SwiftPM does; else the bytes, atomically.
    static func writes(of composition: Composition, to path: String) -> [PlannedWrite] {
        if composition.isUpToDate { return [] }
        if composition.file == nil { return [.remove(path: path)] }
        return [.replace(path: path, data: composition.bytes, createsFolder: true)]
    }
}
