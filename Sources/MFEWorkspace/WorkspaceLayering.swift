import Foundation
import MFECore
import MFEManifest

/// Decides, for each package of a workspace, whether it holds one µFeature or one feature per
/// target stem, and gives packages and features their layers, as "Vocabulary" in the Design
/// contract article says.
///
/// A package holds one feature when it has a feature `mfe.yml`; when a `layers:` entry names it
/// exactly, or it is the `shell.path` package, and no entry names another of its features
/// exactly; or when a `layers:` glob matches its name and no entry matches another of its
/// features; a stem of test targets only is never "another of its features" here (an entry
/// naming `SharedPush` means the package `SharedPush`, not the stem of a `SharedPushTests`
/// elsewhere). Any other package is a monorepo package: each stem is a feature, and `layers:`
/// gives each its layer, naming it by its stem or by one of its targets' names (an entry that
/// names both the package and a stem, as `container` in a package `container` with an
/// executable `container`, then names the stem).
package struct WorkspaceLayering: Sendable {
    /// A package before layering.
    package struct Candidate: Sendable {
        /// The manifest.
        package var manifest: PackageManifest
        /// The directory relative to the workspace root.
        package var directory: String
        /// The package's own `mfe.yml`.
        package var feature: FeatureConfiguration?
        /// Whether `shell.path` names it.
        package var isShell: Bool

        /// Creates a candidate.
        package init(manifest: PackageManifest, directory: String, feature: FeatureConfiguration? = nil, isShell: Bool = false) {
            self.manifest = manifest
            self.directory = directory
            self.feature = feature
            self.isShell = isShell
        }
    }

    let configuration: WorkspaceConfiguration?
    let table: LayerTable
    let ownerTable: OwnerTable
    let roles: RoleSuffixes

    /// Creates a layering for `configuration` (none: every package unassigned).
    package init(configuration: WorkspaceConfiguration?) {
        self.configuration = configuration
        self.table = LayerTable(configuration?.layers ?? [:])
        self.ownerTable = OwnerTable(configuration?.owners ?? [])
        self.roles = configuration?.roleSuffixes ?? .standard
    }

    /// The names `layers:` may call a package by: its manifest name and its folder's name.
    package static func names(ofPackageIn directory: String, manifest: PackageManifest) -> [String] {
        let folder = (directory as NSString).lastPathComponent
        return folder == manifest.name || folder == "." || folder.isEmpty ? [manifest.name] : [manifest.name, folder]
    }

    /// The packages with their layers, and the configuration problems found (each located
    /// in a `mfe.yml`), in package order.
    package func assign(_ candidates: [Candidate]) -> (packages: [WorkspacePackage], problems: [WorkspaceError]) {
        var packages: [WorkspacePackage] = []
        var problems: [WorkspaceError] = []
        for candidate in candidates {
            let names = Self.names(ofPackageIn: candidate.directory, manifest: candidate.manifest)
            let exact = table.exactMatch(names)
            var package = WorkspacePackage(manifest: candidate.manifest, directory: candidate.directory, layer: nil, featureConfiguration: candidate.feature)
            if let feature = candidate.feature {
                if let exact, exact.assignment.layer != feature.layer {
                    problems.append(
                        .layerDisagreement(
                            package: candidate.manifest.name, layer: exact.assignment.layer, featureLayer: feature.layer, featureLocation: feature.layerLocation, at: exact.assignment.location))
                }
                package.layer = feature.layer
            } else {
                var featureLayers: [String: Layer] = [:]
                var featureProblems: [WorkspaceError] = []
                // Whether an entry names another of its features than by the package's own
                // name: exactly (which beats naming the package exactly), or by any entry.
                var namedOtherStemExactly = false
                var layeredOtherStem = false
                var targetsByStem: [String: [String]] = [:]
                var stemsWithOtherTargets: Set<String> = []
                for target in candidate.manifest.targets {
                    let stem = roles.stem(of: target.name, kind: target.kind)
                    targetsByStem[stem, default: []].append(target.name)
                    if target.kind != .test { stemsWithOtherTargets.insert(stem) }
                }
                for (stem, targets) in targetsByStem.sorted(by: { $0.key < $1.key }) {
                    // A feature is named by its stem or by any of its targets' names
                    // (`ApiClient` names feature `Api` when `Client` is an interface suffix).
                    let featureNames = [stem] + targets.filter { $0 != stem }.sorted()
                    // A stem of test targets only (`SharedPushTests` in a server package) does
                    // not split the package: an entry naming it means the package of that
                    // name elsewhere (home-assistant/iOS has both).
                    let other = !names.contains(stem) && stemsWithOtherTargets.contains(stem)
                    if other && table.exactMatch(featureNames) != nil { namedOtherStemExactly = true }
                    switch table.match(featureNames) {
                    case .layer(let layer, _)?:
                        featureLayers[stem] = layer
                        if other { layeredOtherStem = true }
                    case .conflict(let first, let second)?:
                        featureProblems.append(.globConflict(what: "feature '\(stem)' (package '\(candidate.manifest.name)')", first: first, second: second))
                        if other { layeredOtherStem = true }
                    case nil:
                        break
                    }
                }
                if let exact, !namedOtherStemExactly {
                    package.layer = exact.assignment.layer
                } else if candidate.isShell && !namedOtherStemExactly {
                    package.layer = .shell
                } else {
                    switch layeredOtherStem ? nil : table.globMatch(names) {
                    case .layer(let layer, _)?:
                        package.layer = layer
                    case .conflict(let first, let second)?:
                        problems.append(.globConflict(what: "package '\(candidate.manifest.name)'", first: first, second: second))
                    case nil:
                        package.featureLayers = featureLayers
                        problems += featureProblems
                    }
                }
            }
            assignOwners(&package)
            packages.append(package)
        }
        return (packages, problems)
    }

    /// Gives `package` its owners: its own `mfe.yml`'s `owner:`, else the `owners:` entries
    /// naming it; in a monorepo package, each stem an entry names (by the stem or one of its
    /// targets) gets that entry's teams instead.
    package func assignOwners(_ package: inout WorkspacePackage) {
        let names = Self.names(ofPackageIn: package.directory, manifest: package.manifest)
        package.owners = package.featureConfiguration?.owners ?? ownerTable.owners(of: names) ?? []
        guard !package.holdsOneFeature, !ownerTable.isEmpty else { return }
        var targetsByStem: [String: [String]] = [:]
        for target in package.manifest.targets { targetsByStem[roles.stem(of: target.name, kind: target.kind), default: []].append(target.name) }
        for (stem, targets) in targetsByStem where !names.contains(stem) {
            if let owners = ownerTable.owners(of: [stem] + targets.filter { $0 != stem }.sorted()) { package.featureOwners[stem] = owners }
        }
    }

    /// The names of the features of `packages`: a one-feature package's name; each stem of a
    /// monorepo package.
    package func featureNames(of packages: [WorkspacePackage]) -> Set<String> {
        var names: Set<String> = []
        for package in packages {
            if package.holdsOneFeature {
                names.insert(package.name)
            } else {
                for target in package.manifest.targets { names.insert(roles.stem(of: target.name, kind: target.kind)) }
            }
        }
        return names
    }

    /// Every `layers:` entry that matches no package or feature of `packages`, and every
    /// `allow:` name (`from`, `to`) that matches no package, feature or target: one problem
    /// each, with its line and a "did you mean".
    package func unmatchedNames(in packages: [WorkspacePackage]) -> [WorkspaceError] {
        let packageNames = Set(packages.flatMap { Self.names(ofPackageIn: $0.directory, manifest: $0.manifest) })
        let layerNames = packageNames.union(featureNames(of: packages))
        // A monorepo feature may also be named by one of its targets.
        let monorepoTargets = Set(packages.filter { !$0.holdsOneFeature }.flatMap { $0.manifest.targets.map(\.name) })
        var problems: [WorkspaceError] = []
        for entry in table.entries where !layerNames.contains(where: entry.glob.matches) && !monorepoTargets.contains(where: entry.glob.matches) {
            problems.append(
                .unmatchedLayerEntry(pattern: entry.glob.pattern, layer: entry.assignment.layer, hint: unmatchedHint(entry.glob, names: layerNames, packages: packages), at: entry.assignment.location))
        }
        for entry in ownerTable.entries where !layerNames.contains(where: entry.glob.matches) && !monorepoTargets.contains(where: entry.glob.matches) {
            problems.append(
                .unmatchedOwnerEntry(pattern: entry.glob.pattern, handle: entry.handle, hint: unmatchedHint(entry.glob, names: layerNames, packages: packages), at: entry.location))
        }
        let targetNames = Set(packages.flatMap { $0.manifest.targets.map(\.name) })
        let allowNames = layerNames.union(targetNames)
        for entry in configuration?.allow ?? [] {
            for (key, value, location) in [("from", entry.from, entry.fromLocation), ("to", entry.to, entry.toLocation)] {
                let glob = NameGlob(value)
                guard !allowNames.contains(where: glob.matches) else { continue }
                problems.append(.unmatchedAllowName(key: key, value: value, hint: unmatchedHint(glob, names: allowNames, packages: []), at: location))
            }
        }
        return problems
    }

    private func unmatchedHint(_ glob: NameGlob, names: Set<String>, packages: [WorkspacePackage]) -> UnmatchedNameHint {
        for package in packages where package.holdsOneFeature && package.manifest.targets.contains(where: { glob.matches($0.name) || glob.matches(roles.stem(of: $0.name, kind: $0.kind)) }) {
            return .targetOfOneFeaturePackage(package: package.name, hasOwnConfiguration: package.featureConfiguration != nil)
        }
        if let nearest = glob.nearest(among: Array(names)) {
            return .nearest(nearest)
        }
        return .names(names.sorted())
    }
}
