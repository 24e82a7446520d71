import Foundation
import MFECore
import MFEWorkspace

extension TuistCorpus {
    /// How mfe's reading of one `Project.swift` compares with what Tuist makes of it.
    package struct Comparison: Sendable, Equatable {
        /// The verdict.
        package enum Verdict: String, Sendable, CaseIterable {
            /// mfe reads what Tuist dumps.
            case exact
            /// mfe refuses the file (as `lint-graph` does) where Tuist dumps it.
            case refused
            /// mfe reads something else than Tuist dumps.
            case wrong
            /// Tuist's ProjectDescription could not compile or run the file here.
            case noTruth = "no-truth"
        }

        /// The `Project.swift`, relative to the corpus folder.
        package var path: String
        /// The verdict.
        package var verdict: Verdict
        /// The first difference (wrong), the refusal (refused), or nil.
        package var detail: String?

        /// The repository folder (`owner+name`): the path's first component.
        package var repository: String { String(path.split(separator: "/").first ?? "") }
    }

    /// Every `Project.swift` below `root` compared with Tuist's dump of it in `truth`
    /// (`<truth>/<repository>/<path>.json`, as Tuist's ProjectDescription prints it), in
    /// path order.
    package static func compare(root: String, truth: String) -> [Comparison] {
        let fileSystem = LocalFileSystem()
        // One reader per repository: each root's helpers are parsed once, as lint-graph does.
        var readers: [String: TuistProjectReader] = [:]
        return manifests(root: root, fileSystem: fileSystem).map { manifest in
            let relative = PathUtilities.relative(manifest, to: root)
            let repository = PathUtilities.join(root, String(relative.split(separator: "/").first ?? ""))
            let dump = PathUtilities.join(truth, relative + ".json")
            guard fileSystem.exists(dump), let data = try? fileSystem.contents(of: dump) else {
                return Comparison(path: relative, verdict: .noTruth)
            }
            let tuist: TuistTruth.Project
            do {
                let root = TuistTruth.root(of: manifest, boundary: repository, fileSystem: fileSystem)
                tuist = try TuistTruth.project(dump: data, manifest: manifest, root: root)
            } catch {
                return Comparison(path: relative, verdict: .noTruth, detail: error.localizedDescription)
            }
            let mfe: TuistTruth.Project
            do {
                var reader = readers[repository] ?? TuistProjectReader(workspaceRoot: repository, fileSystem: fileSystem, environment: [:])
                defer { readers[repository] = reader }
                // Read once: a refusal of the graph's conversion counts as refused too.
                mfe = TuistTruth.project(try reader.definition(at: manifest))
            } catch {
                return Comparison(path: relative, verdict: .refused, detail: error.localizedDescription)
            }
            if let difference = TuistTruth.firstDifference(mfe: mfe, tuist: tuist, relativeTo: repository) {
                return Comparison(path: relative, verdict: .wrong, detail: difference)
            }
            return Comparison(path: relative, verdict: .exact)
        }
    }
}
