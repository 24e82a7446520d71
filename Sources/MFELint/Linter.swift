import MFECore
import MFEManifest
import MFEWorkspace

/// What a lint run should do beyond applying the rules.
package struct LintOptions: Sendable, Equatable {
    /// `--strict`: report warnings as errors.
    package var strict: Bool
    /// The baseline to suppress known findings with, if any.
    package var baseline: Baseline?
    /// The baseline's file as findings print it (relative to the workspace root when inside
    /// it), where `stale-baseline` findings point.
    package var baselineFile: String?
    /// Whether the `--imports` rules ran: when not, `allow:` and baseline entries for them are
    /// not reported as unused.
    package var importsChecked: Bool
    /// The `// mfe:ignore` comments of the manifests (and, with `--imports`, of the sources).
    package var suppressions: [SuppressionComment]

    /// Creates options.
    package init(strict: Bool = false, baseline: Baseline? = nil, baselineFile: String? = nil, importsChecked: Bool = false, suppressions: [SuppressionComment] = []) {
        self.strict = strict
        self.baseline = baseline
        self.baselineFile = baselineFile
        self.importsChecked = importsChecked
        self.suppressions = suppressions
    }
}

/// Findings from outside the graph rules (the `--imports` analysis), with the `// mfe:ignore`
/// comments of the files it read.
public struct AdditionalFindings: Sendable, Equatable {
    /// The findings, before suppressions, `allow:` and the baseline.
    package var findings: [Finding]
    /// The `mfe:ignore` comments of the files the analysis read.
    package var suppressions: [SuppressionComment]
    /// Notes printed once, beside the findings (which third-party imports were not checked).
    package var notes: [String]
    /// What the analysis could not check at all (a file it could not read in time), one
    /// message each: among `notes` in a normal run, an input error (exit 2) under `--strict`,
    /// which must not pass on a check that was not made.
    package var unchecked: [String]

    /// Creates additional findings.
    package init(findings: [Finding] = [], suppressions: [SuppressionComment] = [], notes: [String] = [], unchecked: [String] = []) {
        self.findings = findings
        self.suppressions = suppressions
        self.notes = notes
        self.unchecked = unchecked
    }
}

/// The counts a report's summary shows.
package struct LintSummary: Sendable, Equatable {
    /// Error findings (after `allow:`, the baseline and `--strict`).
    package var errors: Int
    /// Warning findings.
    package var warnings: Int
    /// Notice findings.
    package var notices: Int
    /// Workspace packages.
    package var packages: Int
    /// Targets of workspace packages.
    package var targets: Int
    /// Dependencies between them (edges of the target graph).
    package var dependencies: Int
    /// Findings suppressed by `allow:` entries.
    package var allowed: Int
    /// Findings suppressed by the baseline.
    package var baselined: Int
    /// Findings suppressed by `// mfe:ignore` comments.
    package var suppressed: Int
    /// Baseline entries that matched no finding: fixed since the baseline was written.
    package var fixedSinceBaseline: Int = 0

    /// Creates a summary.
    package init(errors: Int, warnings: Int, notices: Int, packages: Int, targets: Int, dependencies: Int, allowed: Int = 0, baselined: Int = 0, suppressed: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.notices = notices
        self.packages = packages
        self.targets = targets
        self.dependencies = dependencies
        self.allowed = allowed
        self.baselined = baselined
        self.suppressed = suppressed
    }
}

/// The result of linting a workspace: what the renderers print.
package struct LintReport: Sendable, Equatable {
    /// The findings left after `allow:` and the baseline, sorted.
    package var findings: [Finding]
    /// The counts.
    package var summary: LintSummary
    /// The findings a new baseline would accept: every finding left after `allow:`, before the
    /// baseline (what `--write-baseline` writes).
    package var baselineCandidates: [Finding]
    /// Notes printed once, beside the findings (e.g. which third-party imports `--imports`
    /// could not check); they never change the exit code and no baseline records them.
    package var notes: [String]
    /// The baseline entries that matched no finding (`stale-baseline`), in file order: what
    /// `--prune-baseline` removes.
    package var staleBaselineEntries: [Baseline.Entry] = []

    /// Creates a report.
    package init(findings: [Finding], summary: LintSummary, baselineCandidates: [Finding] = [], notes: [String] = []) {
        self.findings = findings
        self.summary = summary
        self.baselineCandidates = baselineCandidates
        self.notes = notes
    }

    /// The exit code of the Exit codes and safety article: 1 with error findings, else 0.
    package var exitCode: Int32 { summary.errors > 0 ? 1 : 0 }
}

/// Checks a workspace's dependency graph against the layer rules: builds the `TargetGraph`,
/// applies every rule, then `allow:` entries, the baseline and `--strict`.
package struct Linter: Sendable {
    /// Creates a linter.
    package init() {}

    /// Lints `workspace`. `additionalFindings` (e.g. from the `--imports` analysis) go through
    /// `allow:`, the baseline and `--strict` like the graph's own findings. Pass `graph` when
    /// it is already built.
    ///
    /// Complexity: O(T log T + E) for the graph and edge rules, plus the shortest-cycle search
    /// of each cyclic component (see `StronglyConnectedComponents.shortestCycle`).
    package func lint(_ workspace: Workspace, graph: TargetGraph? = nil, options: LintOptions = LintOptions(), additionalFindings: [Finding] = []) -> LintReport {
        let graph = graph ?? TargetGraph(workspace: workspace)
        return process(findings(in: workspace, graph: graph) + additionalFindings, workspace: workspace, graph: graph, options: options)
    }

    /// Every finding of the graph rules, before `allow:`, the baseline and `--strict`,
    /// sorted.
    package func findings(in workspace: Workspace, graph: TargetGraph) -> [Finding] {
        GraphRules(graph: graph, relativePath: workspace.relativePath).findings().sorted(by: Finding.ordered)
    }

    /// Applies `// mfe:ignore` comments, `allow:` entries, the baseline and `--strict` to
    /// `findings`, adds `unused-allow` and `stale-baseline` findings, sorts, and counts.
    package func process(_ findings: [Finding], workspace: Workspace, graph: TargetGraph, options: LintOptions) -> LintReport {
        let allowEntries = workspace.configuration?.allow ?? []
        var allowUsed = [Bool](repeating: false, count: allowEntries.count)
        var comments = SuppressionComments(options.suppressions)
        var afterAllow: [Finding] = []
        var allowed = 0
        var suppressedByComment = 0
        for finding in findings {
            var isAllowed = false
            if !LintRule.metaRuleIDs.contains(finding.rule) {
                for (index, entry) in allowEntries.enumerated() where AllowMatcher.matches(entry, finding) {
                    allowUsed[index] = true
                    isAllowed = true
                }
            }
            // Marked used even when an allow: entry matches too, so neither is reported unused.
            if comments.suppress(finding) {
                suppressedByComment += 1
            } else if isAllowed {
                allowed += 1
            } else {
                afterAllow.append(finding)
            }
        }

        var remaining: [Finding] = []
        var baselined = 0
        var baselineUsed: Set<String> = []
        let accepted = Set(options.baseline?.entries.map(\.fingerprint) ?? [])
        for finding in afterAllow {
            if !LintRule.metaRuleIDs.contains(finding.rule) && accepted.contains(finding.fingerprint) {
                baselineUsed.insert(finding.fingerprint)
                baselined += 1
            } else {
                remaining.append(finding)
            }
        }

        let configurationFile = workspace.configuration.map { workspace.relativePath($0.file) } ?? "mfe.yml"
        for (index, entry) in allowEntries.enumerated() where !allowUsed[index] {
            if !options.importsChecked && LintRule.importRuleIDs.contains(entry.rule) { continue }
            remaining.append(AllowMatcher.unusedFinding(entry, file: configurationFile))
        }
        remaining += comments.unusedFindings(importsChecked: options.importsChecked)
        var staleEntries: [Baseline.Entry] = []
        if let baseline = options.baseline {
            let file = options.baselineFile ?? "mfe-baseline.json"
            for entry in baseline.entries where !baselineUsed.contains(entry.fingerprint) {
                if !options.importsChecked && LintRule.importRuleIDs.contains(entry.rule) { continue }
                staleEntries.append(entry)
                let rule = StaleBaselineRule.description
                remaining.append(
                    Finding(
                        rule: rule.id, severity: rule.severity,
                        message: "baseline entry \(entry.summary) matches no finding; remove it, or rewrite the baseline with 'mfe lint-graph --write-baseline \(file)'",
                        file: file, line: entry.line ?? 1, column: 1,
                        fingerprint: Finding.fingerprint(rule: rule.id, file: file, from: nil, to: nil, path: nil, feature: entry.fingerprint)
                    ))
            }
        }

        if options.strict {
            for index in remaining.indices where remaining[index].severity == .warning {
                remaining[index].severity = .error
            }
        }
        remaining.sort(by: Finding.ordered)
        // Owners only where the workspace names some, so every other report keeps its shape.
        if graph.hasOwners || graph.requiresOwners { remaining = FindingOwnership(graph: graph).annotate(remaining) }
        let summary = LintSummary(
            errors: remaining.count(where: { $0.severity == .error }),
            warnings: remaining.count(where: { $0.severity == .warning }),
            notices: remaining.count(where: { $0.severity == .notice }),
            packages: graph.packages.count,
            targets: graph.nodes.count,
            dependencies: graph.edges.count,
            allowed: allowed,
            baselined: baselined,
            suppressed: suppressedByComment
        )
        var report = LintReport(findings: remaining, summary: summary, baselineCandidates: afterAllow.sorted(by: Finding.ordered))
        report.summary.fixedSinceBaseline = staleEntries.count
        report.staleBaselineEntries = staleEntries
        return report
    }
}

/// How `allow:` entries match findings: the rule id, and `from`/`to` naming the target, its
/// feature or its package, or a glob (`*`, `?`) over those names. For a cycle, `from → to` must
/// be a step of the cycle's path; for a feature-level finding, `from` names the feature (or its
/// package) and `to` the feature again or a glob matching it (`*`).
enum AllowMatcher {
    static func matches(_ entry: AllowEntry, _ finding: Finding) -> Bool {
        guard entry.rule == finding.rule.rawValue else { return false }
        let from = NameGlob(entry.from)
        let to = NameGlob(entry.to)
        func name(_ glob: NameGlob, _ names: String?...) -> Bool {
            names.contains { $0.map(glob.matches) ?? false }
        }
        if finding.from != nil || finding.to != nil {
            return name(from, finding.from, finding.fromFeature, finding.fromPackage) && name(to, finding.to, finding.toFeature, finding.toPackage)
        }
        if let path = finding.path, path.count >= 2 {
            let packages = finding.pathPackages ?? path
            let features = finding.pathFeatures ?? packages
            for step in 0..<(path.count - 1) {
                if name(from, path[step], features[step], packages[step]) && name(to, path[step + 1], features[step + 1], packages[step + 1]) { return true }
            }
            return false
        }
        if let feature = finding.feature {
            return name(from, feature, finding.fromPackage) && name(to, feature)
        }
        return false
    }

    static func unusedFinding(_ entry: AllowEntry, file: String) -> Finding {
        let rule = UnusedAllowRule.description
        var message = "allow entry '\(entry.rule)' from \(entry.from) to \(entry.to) matches no finding; remove it from 'allow:'"
        if LintRule.named(entry.rule) == nil {
            message = "allow entry " + unknownRule(entry.rule)
        }
        return Finding(
            rule: rule.id, severity: rule.severity, message: message,
            file: file, line: entry.location.line, column: entry.location.column,
            fingerprint: Finding.fingerprint(rule: rule.id, file: file, from: entry.from, to: entry.to, path: nil, feature: entry.rule)
        )
    }

    /// `names the rule 'X', which does not exist; did you mean 'Y'?` (or the list of rules).
    static func unknownRule(_ id: String) -> String {
        if let closest = NearestName.nearest(to: id, among: LintRule.all.map(\.id.rawValue)) {
            return "names the rule '\(id)', which does not exist; did you mean '\(closest)'?"
        }
        return "names the rule '\(id)', which does not exist; the rules are \(LintRule.all.map { "'\($0.id.rawValue)'" }.joined(separator: ", "))"
    }
}
