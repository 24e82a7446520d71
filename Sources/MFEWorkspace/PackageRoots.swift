import MFECore
import MFEManifest

/// Tells the folders whose `Package.swift` is a package's manifest from those whose
/// `Package.swift` is a source file of an enclosing package's target (a Fluent model named
/// `Package` in `Sources/App/Models`, a fixture package under `Tests/…`).
///
/// The rule is SwiftPM's: it takes as the manifest only the `Package.swift` at the package's
/// root (`TargetSourcesBuilder.computeContents` and `PackageBuilder.isValidSource` skip a
/// `Package.swift` only when its folder is the package folder) and compiles every other
/// `.swift` file in a target's folder, whatever it is named. So a `Package.swift` that one of
/// an enclosing package's targets compiles (inside its folder as SwiftPM finds it, within
/// `sources:` when given, not `exclude:`d) is no package; any other nested folder with a
/// `Package.swift` is one.
package enum PackageRoots {
    /// Loads the candidate package folders (relative to `root`, `.` for the root) outermost
    /// first, one nesting level at a time in parallel, and leaves out the candidates whose
    /// `Package.swift` a target of an enclosing loaded package compiles (and those inside a
    /// candidate left out). `body(directory)` loads one; `manifest` reads the manifest from its
    /// outcome (nil when it failed: a failed package's targets are unknown, so what lies inside
    /// it is kept). Candidates in `kept` (named explicitly) are never left out. The result is
    /// in the order of `directories`; a result the task group never delivered (not expected)
    /// is `missing(error)` for that folder, never a skipped package.
    package static func load<Outcome: Sendable>(
        _ directories: [String],
        root: String,
        kept: Set<String> = [],
        fileSystem: any FileSystem,
        manifest: (Outcome) -> PackageManifest?,
        missing: (any Error) -> Outcome,
        _ body: @escaping @Sendable (String) async -> Outcome
    ) async -> [(directory: String, outcome: Outcome)] {
        let ancestors = enclosingCandidates(of: directories)
        var outcomes: [Int: Outcome] = [:]
        var leftOut: Set<Int> = []
        let depths = ancestors.map(\.count)
        for depth in Set(depths).sorted() {
            var wave: [Int] = []
            for index in directories.indices where depths[index] == depth {
                let isSource = ancestors[index].contains { ancestor in
                    if leftOut.contains(ancestor) { return true }
                    guard let enclosing = outcomes[ancestor].flatMap(manifest) else { return false }
                    return compiles(directories[index], in: enclosing, at: directories[ancestor], root: root, fileSystem: fileSystem)
                }
                if isSource && !kept.contains(directories[index]) { leftOut.insert(index) } else { wave.append(index) }
            }
            let folders = wave.map { directories[$0] }
            let loaded = await OrderedConcurrency.results(count: folders.count) { position in
                await body(folders[position])
            }
            for (position, result) in loaded.enumerated() {
                switch result {
                case .success(let outcome): outcomes[wave[position]] = outcome
                case .failure(let error): outcomes[wave[position]] = missing(error)
                }
            }
        }
        return directories.indices.compactMap { index in outcomes[index].map { (directories[index], $0) } }
    }

    /// For each directory, the indices of the other directories that enclose it, nearest
    /// last. Complexity: O(n · d) for n directories nested d folders deep.
    static func enclosingCandidates(of directories: [String]) -> [[Int]] {
        var index: [String: Int] = [:]
        for (position, directory) in directories.enumerated() { index[directory] = index[directory] ?? position }
        return directories.map { directory in
            guard directory != "." else { return [] }
            var enclosing: [Int] = []
            var parent = directory
            while let slash = parent.lastIndex(of: "/") {
                parent = String(parent[..<slash])
                if let position = index[parent] { enclosing.append(position) }
            }
            if let root = index["."] { enclosing.append(root) }
            return enclosing.reversed()
        }
    }

    /// Whether a target of `manifest` (the package at `enclosing`) compiles the `Package.swift`
    /// of `directory`, both relative to `root`.
    static func compiles(_ directory: String, in manifest: PackageManifest, at enclosing: String, root: String, fileSystem: any FileSystem) -> Bool {
        let packageDirectory = enclosing == "." ? root : PathUtilities.join(root, enclosing)
        let relative = PathUtilities.normalize(PathUtilities.join(enclosing == "." ? directory : String(directory.dropFirst(enclosing.count + 1)), "Package.swift"))
        func contains(_ folder: String, _ path: String) -> Bool {
            folder == "." || path == folder || path.hasPrefix(folder + "/")
        }
        for target in manifest.targets where target.kind != .binary {
            let folder = target.directory { fileSystem.isDirectory(PathUtilities.join(packageDirectory, $0)) }
            guard contains(folder, relative) else { continue }
            let sources = (target.sources ?? ["."]).map { PathUtilities.normalize(PathUtilities.join(folder, $0)) }
            let excluded = target.exclude.map { PathUtilities.normalize(PathUtilities.join(folder, $0)) }
            if sources.contains(where: { contains($0, relative) }) && !excluded.contains(where: { contains($0, relative) }) { return true }
        }
        return false
    }
}
