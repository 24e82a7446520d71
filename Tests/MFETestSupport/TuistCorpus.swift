import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// Reads every Tuist `Project.swift` of a folder of checked-out repositories as `lint-graph`
/// does, for the corpus measurement of `mfe-bench tuist-corpus`: per project, its targets
/// and dependencies in a stable text form, or the refusal.
package enum TuistCorpus {
    /// What reading one `Project.swift` gave.
    package struct Outcome: Sendable {
        /// The `Project.swift`, relative to the corpus folder.
        package var path: String
        /// The targets and dependencies, one line per target; nil when refused.
        package var summary: String?
        /// The error, when refused.
        package var error: String?
    }

    /// Every `Project.swift` below `root` (not under `Tuist/`, `Templates/` or hidden
    /// folders), read.
    package static func measure(root: String) -> [Outcome] {
        let fileSystem = LocalFileSystem()
        let manifests = manifests(root: root, fileSystem: fileSystem)
        // One reader per repository: each root's helpers are parsed once, as lint-graph does.
        var readers: [String: TuistProjectReader] = [:]
        return manifests.sorted().map { manifest in
            let relative = PathUtilities.relative(manifest, to: root)
            do {
                let top = PathUtilities.join(root, String(relative.split(separator: "/").first ?? ""))
                var reader = readers[top] ?? TuistProjectReader(workspaceRoot: top, fileSystem: fileSystem, environment: [:])
                defer { readers[top] = reader }
                let (project, package) = try reader.project(at: manifest)
                var lines: [String] = []
                for target in project.targets {
                    let graphTarget = package.targets.first { $0.name == target.name }
                    let dependencies = (graphTarget?.dependencies ?? []).map { dependency -> String in
                        switch dependency.kind {
                        case .target(let name), .byName(let name): return name
                        case .product(let name, let package): return "\(package ?? "?"):\(name)"
                        }
                    }
                    lines.append("\(target.name) [\(target.productType)] -> \(dependencies.joined(separator: ", "))")
                }
                return Outcome(path: relative, summary: lines.joined(separator: "\n"))
            } catch {
                return Outcome(path: relative, error: error.localizedDescription)
            }
        }
    }

    /// The `Project.swift` files below `root`, sorted: not under `Tuist/`, `Templates/`,
    /// build folders or hidden folders.
    static func manifests(root: String, fileSystem: any FileSystem) -> [String] {
        var manifests: [String] = []
        var pending = [root]
        while let next = pending.popLast() {
            for name in ((try? fileSystem.contentsOfDirectory(next)) ?? []).sorted() where !name.hasPrefix(".") {
                let path = PathUtilities.join(next, name)
                if fileSystem.isDirectory(path) {
                    if !["Tuist", "Templates", "Derived", ".build", "Pods"].contains(name) { pending.append(path) }
                } else if name == "Project.swift" {
                    manifests.append(path)
                }
            }
        }
        return manifests.sorted()
    }
}
