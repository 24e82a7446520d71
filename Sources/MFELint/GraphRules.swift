import MFEManifest
import MFEWorkspace

/// The rules that look at the target and package graphs: the edge rules (each edge gets at
/// most one finding, the first rule that matches in DESIGN's order), `cycle`,
/// `package-cycle`, `missing-interface` and `unassigned-layer`.
struct GraphRules {
    let graph: TargetGraph
    /// Turns a location's file into the workspace-relative form findings print.
    let relativePath: (String) -> String

    /// Every finding of the graph, unsorted.
    func findings() -> [Finding] {
        var findings: [Finding] = []
        for edge in graph.edges {
            if let finding = edgeFinding(edge) { findings.append(finding) }
        }
        findings += cycleFindings()
        findings += packageCycleFindings()
        findings += packageFindings()
        return findings
    }

    /// The finding of the first edge rule `edge` breaks, in precedence order.
    func edgeFinding(_ edge: TargetGraph.Edge) -> Finding? {
        let a = graph.nodes[edge.from], b = graph.nodes[edge.to]
        let aPackage = graph.packages[a.package], bPackage = graph.packages[b.package]
        let samePackage = a.package == b.package
        let rule: LintRule
        let message: String
        if bPackage.layer == .shell && !samePackage {
            rule = .dependsOnShell
            message = "\(a.name) depends on \(b.name) of the shell package \(bPackage.name); nothing depends on the shell, which only composes features: move what \(a.name) needs into a foundation package or a feature's Interface target"
        } else if aPackage.layer == .foundation && bPackage.layer == .product {
            rule = .foundationToUpper
            message = "\(a.name) is foundation but depends on \(b.name) of the product feature \(bPackage.name); foundation knows nothing of features: move the code down into foundation, or declare a protocol in foundation that the feature implements"
        } else if aPackage.layer == .product && bPackage.layer == .product && !samePackage && (b.role == .source || b.role == .example) {
            rule = .productToProduct
            let what = b.role == .example ? "the example app" : "the implementation"
            var fix = "depend on \(companion(of: b, role: .interface))"
            if a.role == .tests || a.role == .example {
                fix += " or \(companion(of: b, role: .testing))"
            }
            message = "\(a.name) depends on \(b.name), \(what) of another product feature; \(fix)"
        } else if (a.role == .source || a.role == .interface) && b.role == .testing {
            rule = .productionToTesting
            message = "\(a.name) depends on \(b.name), a testing target, so mocks and fixtures would ship in the app; depend on \(companion(of: b, role: .interface)) and use \(b.name) only from tests and examples"
        } else if a.role == .testing && aPackage.layer == .product && samePackage && b.role == .source {
            rule = .testingToImplementation
            message = "\(a.name) depends on \(b.name), the implementation of its own feature; build the mocks on \(companion(of: a, role: .interface)) so using them does not compile the implementation"
        } else {
            return nil
        }
        return Finding(
            rule: rule.id, severity: rule.severity, message: message,
            file: relativePath(edge.location.file), line: edge.location.line, column: edge.location.column,
            from: a.name, to: b.name, fromPackage: aPackage.name, toPackage: bPackage.name
        )
    }

    /// The name of `node`'s feature's target with `role`: the package's target named
    /// `<feature><Suffix>` when it exists, else the package's first target with that role,
    /// else the conventional name.
    private func companion(of node: TargetGraph.Node, role: Role) -> String {
        let conventional = node.role.featureName(ofTarget: node.name) + role.suffix
        let targets = graph.packages[node.package].manifest.targets
        if targets.contains(where: { $0.name == conventional && Role($0) == role }) { return conventional }
        return targets.first { Role($0) == role }?.name ?? conventional
    }

    /// One `cycle` finding per strongly connected component with a cycle.
    func cycleFindings() -> [Finding] {
        graph.cyclicComponents().compactMap { component in
            guard let cycle = StronglyConnectedComponents.shortestCycle(in: component, successors: graph.successors) else { return nil }
            let names = cycle.map { graph.nodes[$0].name }
            let location = graph.edge(from: cycle[0], to: cycle[1])?.location ?? graph.nodes[cycle[0]].location
            let shown = names.joined(separator: " -> ")
            let message: String
            if cycle.count == 2 {
                message = "\(names[0]) depends on itself; remove '\(names[0])' from its own dependencies"
            } else {
                let size = component.count > cycle.count - 1 ? " (one of the cycles among \(component.count) targets)" : ""
                message = "dependency cycle: \(shown)\(size); depend on an Interface target instead of an implementation, merge the features, or extract what they share into a third target both depend on"
            }
            return Finding(
                rule: LintRule.cycle.id, severity: LintRule.cycle.severity, message: message,
                file: relativePath(location.file), line: location.line, column: location.column,
                path: names, pathPackages: cycle.map { graph.packages[graph.nodes[$0].package].name }
            )
        }
    }

    /// One `package-cycle` finding per strongly connected component of the package graph with
    /// more than one package: an error when a package in it declares swift-tools-version
    /// below 6.0 (SwiftPM refuses the cycle), else a notice.
    func packageCycleFindings() -> [Finding] {
        let names = graph.packages.map(\.name)
        // Order packages by name so the path starts at the alphabetically first package.
        let order = graph.packages.indices.sorted { (names[$0], graph.packages[$0].directory) < (names[$1], graph.packages[$1].directory) }
        var rank = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { rank[index] = position }
        let successors = order.map { index in graph.packageSuccessors[index].map { rank[$0] }.sorted() }
        return graph.packageCycleComponents().compactMap { component in
            let ranked = component.map { rank[$0] }
            guard let cycle = StronglyConnectedComponents.shortestCycle(in: ranked, successors: successors)?.map({ order[$0] }) else { return nil }
            let old = component.filter { graph.packages[$0].manifest.toolsVersion < ToolsVersion(6, 0) }
                .sorted { names[$0] < names[$1] }
            let path = cycle.map { names[$0] }
            let location = graph.packageEdge(from: cycle[0], to: cycle[1])?.location ?? graph.packages[cycle[0]].manifest.location
            let rule = LintRule.packageCycle
            let severity: Severity
            var message = "package dependency cycle: \(path.joined(separator: " -> "))"
            if component.count > cycle.count - 1 { message += " (one of the cycles among \(component.count) packages)" }
            if let first = old.first {
                severity = .error
                let version = graph.packages[first].manifest.toolsVersion
                message += "; SwiftPM refuses it because \(names[first]) declares swift-tools-version \(version), below 6.0: remove one of the '.package' dependencies, moving what the packages share into a third package"
            } else {
                severity = .notice
                message += "; SwiftPM 6 accepts it while the targets form no cycle, but the packages can no longer be released independently: move what they share into a third package"
            }
            return Finding(
                rule: rule.id, severity: severity, message: message,
                file: relativePath(location.file), line: location.line, column: location.column,
                path: path, pathPackages: path
            )
        }
    }

    /// `missing-interface` for product features without an interface target, and
    /// `unassigned-layer` for packages without a layer.
    func packageFindings() -> [Finding] {
        var findings: [Finding] = []
        for package in graph.packages {
            let location = package.manifest.location
            if package.layer == nil {
                let rule = LintRule.unassignedLayer
                findings.append(Finding(
                    rule: rule.id, severity: rule.severity,
                    message: "package \(package.name) has no layer, so only depends-on-shell checks its dependencies; add an mfe.yml with 'feature: \(package.name)' and 'layer: product|foundation|shell' to it, or list it under 'layers:' in the workspace mfe.yml",
                    file: relativePath(location.file), line: location.line, column: location.column,
                    feature: package.name, fromPackage: package.name
                ))
            } else if package.layer == .product && !package.manifest.targets.contains(where: { Role($0) == .interface }) {
                let rule = LintRule.missingInterface
                findings.append(Finding(
                    rule: rule.id, severity: rule.severity,
                    message: "product feature \(package.name) has no interface target; add \(package.name)Interface with its public protocols and models, so other features depend on it instead of the implementation",
                    file: relativePath(location.file), line: location.line, column: location.column,
                    feature: package.name, fromPackage: package.name
                ))
            }
        }
        return findings
    }
}
