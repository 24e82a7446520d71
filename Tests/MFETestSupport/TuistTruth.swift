import Foundation
import MFECore
import MFEManifest

/// A Tuist project reduced to what mfe's graph takes from it, made either from mfe's reading
/// of a `Project.swift` or from the JSON Tuist itself prints for it (`--tuist-dump`, from
/// Tuist's own ProjectDescription), so `mfe-bench tuist-corpus --truth` can tell an exact
/// reading from a wrong one. Tuist's JSON is read as plain JSON: none of Tuist's code is here.
package enum TuistTruth {
    /// A project: its name and targets, in order.
    package struct Project: Sendable, Equatable {
        /// `name:`.
        package var name: String
        /// The targets, in declaration order.
        package var targets: [Target]

        /// Creates a project value.
        package init(name: String, targets: [Target]) {
            self.name = name
            self.targets = targets
        }
    }

    /// A target: name, product and dependencies (destinations only where both sides say).
    package struct Target: Sendable, Equatable {
        /// `name:`.
        package var name: String
        /// `product:` as the `Product` case's name (`staticFramework`, `unitTests`).
        package var product: String
        /// `destinations:` sorted (`iPhone`, `mac`); nil where a side does not record them.
        package var destinations: [String]?
        /// `dependencies:`, in order.
        package var dependencies: [Dependency]

        /// Creates a target value.
        package init(name: String, product: String, destinations: [String]? = nil, dependencies: [Dependency] = []) {
            self.name = name
            self.product = product
            self.destinations = destinations
            self.dependencies = dependencies
        }
    }

    /// A dependency: its kind, what it names, the folder or file it points at, and its
    /// condition's platforms.
    package struct Dependency: Sendable, Equatable {
        /// The `TargetDependency` case (`target`, `project`, `external`, `package`, `sdk`,
        /// `framework`, `xcframework`, `library`, `macro`, `xctest`).
        package var kind: String
        /// The target, product or SDK named; empty for binaries and `xctest`.
        package var name: String
        /// The project's folder or the binary (absolute, normalised); nil for the others.
        package var path: String?
        /// `condition:`'s platform filters, sorted; nil without a condition.
        package var platforms: [String]?

        /// Creates a dependency value.
        package init(kind: String, name: String, path: String? = nil, platforms: [String]? = nil) {
            self.kind = kind
            self.name = name
            self.path = path
            self.platforms = platforms
        }

        /// `project(Core at Projects/Core) when [ios]`, paths relative to `base`.
        package func text(relativeTo base: String) -> String {
            var result = "\(kind)(\(name)"
            if let path { result += "\(name.isEmpty ? "" : " at ")\(PathUtilities.relative(path, to: base))" }
            result += ")"
            if let platforms { result += " when [\(platforms.joined(separator: ", "))]" }
            return result
        }
    }

    /// Why a dump cannot be compared.
    package enum DumpError: Error, LocalizedError, Equatable {
        /// The JSON is not a Tuist project's.
        case notAProject(String)

        /// A lowercase sentence naming the dump.
        package var errorDescription: String? {
            switch self {
            case .notAProject(let file): "'\(file)' is not the JSON of a Tuist project; dump it again with '--tuist-dump'"
            }
        }
    }

    // MARK: - mfe's side

    /// mfe's reading of a `Project.swift`, reduced.
    package static func project(_ definition: TuistProjectDefinition) -> Project {
        Project(
            name: definition.name,
            targets: definition.targets.map { target in
                Target(name: target.name, product: target.product, dependencies: target.dependencies.map(dependency))
            }
        )
    }

    private static func dependency(_ dependency: TuistDependency) -> Dependency {
        let platforms = dependency.condition
        switch dependency.kind {
        case .target(let name): return Dependency(kind: "target", name: name, platforms: platforms)
        case .project(let target, let path): return Dependency(kind: "project", name: target, path: PathUtilities.normalize(path), platforms: platforms)
        case .external(let name): return Dependency(kind: "external", name: name, platforms: platforms)
        case .package(let product): return Dependency(kind: "package", name: product, platforms: platforms)
        case .sdk(let name): return Dependency(kind: "sdk", name: name, platforms: platforms)
        case .binary(let kind, let path): return Dependency(kind: kind, name: "", path: PathUtilities.normalize(path), platforms: platforms)
        case .macro(let name): return Dependency(kind: "macro", name: name, platforms: platforms)
        case .other(let kind): return Dependency(kind: kind, name: "", platforms: platforms)
        }
    }

    // MARK: - Tuist's side

    /// The project in `dump` (what Tuist's ProjectDescription prints between
    /// `TUIST_MANIFEST_START` and `TUIST_MANIFEST_END` for the `Project.swift` at `manifest`,
    /// absolute), reduced; `root` is the Tuist root `.relativeToRoot` paths start from.
    package static func project(dump: Data, manifest: String, root: String) throws -> Project {
        guard let object = try? JSONSerialization.jsonObject(with: dump) as? [String: Any], let name = object["name"] as? String else {
            throw DumpError.notAProject(manifest)
        }
        let paths = DumpPaths(manifestDirectory: (manifest as NSString).deletingLastPathComponent, root: root)
        let targets = (object["targets"] as? [[String: Any]] ?? []).map { target in
            Target(
                name: target["name"] as? String ?? "",
                product: caseName(target["product"] as? String ?? ""),
                destinations: (target["destinations"] as? [String]).map { $0.sorted() },
                dependencies: (target["dependencies"] as? [[String: Any]] ?? []).compactMap { paths.dependency($0) }
            )
        }
        return Project(name: name, targets: targets)
    }

    /// `static_framework`-style raw values (Tuist encodes some `Product` cases so) as the
    /// case's name.
    package static func caseName(_ raw: String) -> String {
        let parts = raw.split(separator: "_")
        guard let first = parts.first else { return raw }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Resolves the `Path` values of one dump.
    private struct DumpPaths {
        let manifestDirectory: String
        let root: String

        /// `{"project": {"target": …, "path": {…}, "condition": {…}}}` and the other cases.
        func dependency(_ object: [String: Any]) -> Dependency? {
            guard let (kind, value) = object.first, object.count == 1 else { return nil }
            let fields = value as? [String: Any] ?? [:]
            let platforms = (fields["condition"] as? [String: Any]).map { condition in
                ((condition["platformFilters"] as? [[String: Any]]) ?? []).compactMap { $0.keys.first }.sorted()
            }
            let name = (fields["name"] ?? fields["product"] ?? fields["target"]) as? String ?? ""
            let path = (fields["path"] as? [String: Any]).map(resolve)
            switch kind {
            case "project", "framework", "xcframework", "library": return Dependency(kind: kind, name: name, path: path, platforms: platforms)
            default: return Dependency(kind: kind, name: name, platforms: platforms)
            }
        }

        /// `{"type": "relativeToRoot", "pathString": "Projects/Core"}`, absolute.
        func resolve(_ path: [String: Any]) -> String {
            let text = path["pathString"] as? String ?? ""
            switch path["type"] as? String {
            case "relativeToRoot": return PathUtilities.normalize(PathUtilities.absolute(text, relativeTo: root))
            case "relativeToCurrentFile":
                let caller = (path["callerPath"] as? String).map { ($0 as NSString).deletingLastPathComponent } ?? manifestDirectory
                return PathUtilities.normalize(PathUtilities.absolute(text, relativeTo: caller))
            default: return PathUtilities.normalize(PathUtilities.absolute(text, relativeTo: manifestDirectory))
            }
        }
    }

    // MARK: - Comparing

    /// The first way mfe's reading differs from Tuist's, in words with paths relative to
    /// `base`; nil when they agree. Targets are matched by name and dependencies compared as
    /// sorted lists: order is no part of the graph, and Tuist's own order is random where a
    /// helper iterates a `Set` (Swift seeds its hashing per process). Destinations count only
    /// where both sides record them.
    package static func firstDifference(mfe: Project, tuist: Project, relativeTo base: String) -> String? {
        if mfe.name != tuist.name { return "project name: mfe '\(mfe.name)', Tuist '\(tuist.name)'" }
        let mfeNames = mfe.targets.map(\.name).sorted()
        let tuistNames = tuist.targets.map(\.name).sorted()
        if mfeNames != tuistNames {
            let missing = tuistNames.filter { !mfeNames.contains($0) }
            let extra = mfeNames.filter { !tuistNames.contains($0) }
            return "targets: mfe lacks [\(missing.joined(separator: ", "))] and has [\(extra.joined(separator: ", "))] Tuist does not"
        }
        for ours in mfe.targets.sorted(by: { $0.name < $1.name }) {
            guard let theirs = tuist.targets.first(where: { $0.name == ours.name }) else { continue }
            let name = ours.name
            if ours.product != theirs.product { return "'\(name)' product: mfe '\(ours.product)', Tuist '\(theirs.product)'" }
            if let a = ours.destinations, let b = theirs.destinations, a != b {
                return "'\(name)' destinations: mfe [\(a.joined(separator: ", "))], Tuist [\(b.joined(separator: ", "))]"
            }
            let mfeDependencies = ours.dependencies.map { $0.text(relativeTo: base) }.sorted()
            let tuistDependencies = theirs.dependencies.map { $0.text(relativeTo: base) }.sorted()
            if mfeDependencies != tuistDependencies {
                let missing = tuistDependencies.filter { !mfeDependencies.contains($0) }
                let extra = mfeDependencies.filter { !tuistDependencies.contains($0) }
                return
                    "'\(name)' dependencies: mfe lacks [\(missing.joined(separator: "; "))] and has [\(extra.joined(separator: "; "))] Tuist does not (mfe \(mfeDependencies.count), Tuist \(tuistDependencies.count))"
            }
        }
        return nil
    }

    /// The Tuist root of the `Project.swift` at `manifest` as Tuist locates it: the closest
    /// folder, not above `boundary`, holding `Tuist/`, `Tuist.swift`, `tuist.toml`,
    /// `Plugin.swift` or `.git`; `boundary` when none does.
    package static func root(of manifest: String, boundary: String, fileSystem: any FileSystem) -> String {
        var current = (manifest as NSString).deletingLastPathComponent
        let limit = PathUtilities.normalize(boundary)
        while true {
            if fileSystem.isDirectory(PathUtilities.join(current, "Tuist")) || fileSystem.isDirectory(PathUtilities.join(current, ".git"))
                || ["Tuist.swift", "tuist.toml", "Plugin.swift"].contains(where: { fileSystem.exists(PathUtilities.join(current, $0)) })
            {
                return current
            }
            if PathUtilities.normalize(current) == limit || current == "/" || current.isEmpty { return boundary }
            current = (current as NSString).deletingLastPathComponent
        }
    }
}
