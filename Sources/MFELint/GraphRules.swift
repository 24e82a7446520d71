import MFECore
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

    /// The finding of the first edge rule `edge` breaks, in precedence order. Layers and
    /// "the same feature" are the features' (DESIGN's Vocabulary): a whole package in the
    /// polyrepo case, a stem inside a monorepo package.
    func edgeFinding(_ edge: TargetGraph.Edge) -> Finding? {
        let a = graph.nodes[edge.from], b = graph.nodes[edge.to]
        let aFeature = graph.feature(of: edge.from), bFeature = graph.feature(of: edge.to)
        let sameFeature = a.feature == b.feature
        let rule: LintRule
        let message: String
        if bFeature.layer == .shell && !sameFeature {
            rule = .dependsOnShell
            let shell = bFeature.isWholePackage ? "the shell package \(graph.displayName(ofPackage: b.package))" : "the shell feature \(bFeature.name)"
            message = "\(a.name) depends on \(b.name) of \(shell); nothing depends on the shell, which only composes features: move what \(a.name) needs into a foundation package or a feature's Interface target"
        } else if aFeature.layer == .foundation && bFeature.layer == .product {
            rule = .foundationToUpper
            message = "\(a.name) is foundation but depends on \(b.name) of the product feature \(name(of: bFeature)); foundation knows nothing of features: move the code down into foundation, or declare a protocol in foundation that the feature implements"
        } else if aFeature.layer == .product && bFeature.layer == .product && !sameFeature && (b.role == .source || b.role == .example) {
            rule = .productToProduct
            let what = b.role == .example ? "the example app" : "the implementation"
            var fix = "depend on \(graph.companion(of: edge.to, role: .interface))"
            if a.role == .tests || a.role == .example {
                fix += " or \(graph.companion(of: edge.to, role: .testing))"
            }
            message = "\(a.name) depends on \(b.name), \(what) of another product feature; \(fix)"
        } else if (a.role == .source || a.role == .interface) && b.role == .testing {
            rule = .productionToTesting
            message = "\(a.name) depends on \(b.name), a testing target, so mocks and fixtures would ship in the app; \(productionAlternative(to: edge.to, from: edge.from)) and use \(b.name) only from tests and examples"
        } else if a.role == .testing && aFeature.layer == .product && sameFeature && b.role == .source {
            rule = .testingToImplementation
            message = "\(a.name) depends on \(b.name), the implementation of its own feature; build the mocks on \(graph.companion(of: edge.from, role: .interface)) so using them does not compile the implementation"
        } else {
            return nil
        }
        return Finding(
            rule: rule.id, severity: rule.severity, message: message,
            file: relativePath(edge.location.file), line: edge.location.line, column: edge.location.column,
            from: a.name, to: b.name, fromPackage: graph.packages[a.package].name, toPackage: graph.packages[b.package].name,
            fromFeature: aFeature.name, toFeature: bFeature.name
        )
    }

    /// What a production target should depend on instead of testing target `node`: the
    /// feature's interface when it has one; else its implementation, unless that is another
    /// product feature's (a product-to-product edge), where the fix is an interface to add.
    private func productionAlternative(to node: Int, from source: Int) -> String {
        if let interface = graph.existingCompanion(of: node, role: .interface) { return "depend on \(interface)" }
        let feature = graph.feature(of: node)
        let crossesProducts = feature.layer == .product && graph.feature(of: source).layer == .product && !graph.sameFeature(node, source)
        if !crossesProducts, let implementation = graph.existingCompanion(of: node, role: .source) {
            return "depend on \(implementation)"
        }
        // A stem of test doubles only (`FirstPartyMocks` with no `FirstParty`) is no module:
        // there is no feature to give an interface, only code to move out of the doubles.
        if !feature.targets.contains(where: { [.source, .interface].contains(graph.nodes[$0].role) }) {
            return "move what \(graph.nodes[source].name) uses of \(graph.nodes[node].name) into a target that is not test doubles, depend on that"
        }
        return "give \(name(of: feature)) an interface target (\(graph.companion(of: node, role: .interface))) and depend on it"
    }

    /// A feature's name as messages print it: a whole package's display name (with its
    /// folder when another package shares the name), else the stem.
    private func name(of feature: Feature) -> String {
        feature.isWholePackage ? graph.displayName(ofPackage: feature.package) : feature.name
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
                path: names, pathPackages: cycle.map { graph.packages[graph.nodes[$0].package].name },
                pathFeatures: cycle.map { graph.feature(of: $0).name }
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
            let shown = cycle.map { graph.displayName(ofPackage: $0) }
            let location = graph.packageEdge(from: cycle[0], to: cycle[1])?.location ?? graph.packages[cycle[0]].manifest.location
            let rule = LintRule.packageCycle
            let severity: Severity
            var message = "package dependency cycle: \(shown.joined(separator: " -> "))"
            if component.count > cycle.count - 1 { message += " (one of the cycles among \(component.count) packages)" }
            if let first = old.first {
                severity = .error
                let version = graph.packages[first].manifest.toolsVersion
                message += "; SwiftPM refuses it because \(graph.displayName(ofPackage: first)) declares swift-tools-version \(version), below 6.0: remove one of the '.package' dependencies, moving what the packages share into a third package"
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
    /// `unassigned-layer` for features without a layer: one per package when none of a
    /// package's features has a layer (a package with no targets holds no feature), else one
    /// per unlayered feature of a monorepo package.
    func packageFindings() -> [Finding] {
        var findings: [Finding] = []
        for (index, package) in graph.packages.enumerated() {
            let location = package.manifest.location
            let display = graph.displayName(ofPackage: index)
            if package.holdsOneFeature {
                if package.layer == .product && !graph.features(inPackage: index).contains(where: { feature in graph.features[feature].targets.contains { graph.nodes[$0].role == .interface } }) {
                    findings.append(missingInterface(feature: package.name, shown: "product feature \(display)", add: graph.roles.conventionalName(stem: package.name, role: .interface), at: location, package: package.name))
                }
                continue
            }
            let features = graph.features(inPackage: index).map { graph.features[$0] }
            guard !features.isEmpty else { continue }
            if features.allSatisfy({ $0.layer == nil }) {
                let rule = LintRule.unassignedLayer
                let stems = features.count > 1 ? " (or its features: \(Self.list(features.map(\.name))))" : ""
                findings.append(Finding(
                    rule: rule.id, severity: rule.severity,
                    message: "package \(display) has no layer, so only depends-on-shell checks its dependencies; add an mfe.yml with 'feature: \(package.name)' and 'layer: product|foundation|shell' to it, or list it\(stems) under 'layers:' in the workspace mfe.yml\(features.count > 1 ? " ('mfe init --adopt' infers them)" : "")",
                    file: relativePath(location.file), line: location.line, column: location.column,
                    feature: package.name, fromPackage: package.name, fromFeature: package.name
                ))
                continue
            }
            for feature in features {
                let at = feature.location
                if feature.layer == nil {
                    let rule = LintRule.unassignedLayer
                    findings.append(Finding(
                        rule: rule.id, severity: rule.severity,
                        message: "feature \(feature.name) of package \(display) has no layer, so only depends-on-shell checks its dependencies; list '\(feature.name)' (or a glob matching it) under 'layers:' in the workspace mfe.yml",
                        file: relativePath(at.file), line: at.line, column: at.column,
                        feature: feature.name, fromPackage: package.name, fromFeature: feature.name
                    ))
                } else if feature.layer == .product && !feature.targets.contains(where: { graph.nodes[$0].role == .interface }) {
                    findings.append(missingInterface(feature: feature.name, shown: "product feature \(feature.name)", add: graph.roles.conventionalName(stem: feature.name, role: .interface), at: at, package: package.name))
                }
            }
        }
        return findings
    }

    private func missingInterface(feature: String, shown: String, add interface: String, at location: SourceLocation, package: String) -> Finding {
        let rule = LintRule.missingInterface
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(shown) has no interface target; add \(interface) with its public protocols and models, so other features depend on it instead of the implementation",
            file: relativePath(location.file), line: location.line, column: location.column,
            feature: feature, fromPackage: package, fromFeature: feature
        )
    }

    /// `A, B, C` — or the first five and a count.
    static func list(_ names: [String]) -> String {
        names.count <= 5 ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more"
    }
}
