extension FileSystem {
    /// Every file below `directory`, relative to it and sorted, hidden files included
    /// (templates carry `.gitignore` and `.github/`).
    package func filesBelow(_ directory: String) throws -> [String] {
        var result: [String] = []
        try walkFolders(below: directory, purpose: "reading '\(directory)'") { relative, names in
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                if !isDirectory(PathUtilities.join(directory, child)) { result.append(child) }
            }
        }
        return result.sorted()
    }

    /// Calls `visit` with each folder below `root` (`root` itself first, as ""), relative to
    /// `root`, and the sorted names in it; descends into the subfolders whose names pass
    /// `entering`. Iterative, so deep trees cannot overflow the stack. Each real folder is
    /// visited once and real folders before symbolic links to them (so a file is named by its
    /// real path); links leading outside `root` are not followed; the walk is bounded by
    /// `limits` (`FolderVisits`).
    package func walkFolders(
        below root: String,
        purpose: String,
        limits: FolderVisits.Limits = .workspace,
        entering: (String) -> Bool = { _ in true },
        _ visit: (_ relative: String, _ names: [String]) throws -> Void
    ) throws {
        var visits = FolderVisits(fileSystem: self, boundary: root, limits: limits, purpose: purpose)
        _ = try visits.enter(root, depth: 0)
        var stack: [(relative: String, depth: Int)] = [("", 0)]
        var links: [(relative: String, depth: Int)] = []
        var nextLink = 0
        while true {
            let relative: String
            let depth: Int
            if let entry = stack.popLast() {
                (relative, depth) = entry
            } else if nextLink < links.count {
                // A link is entered only after every real folder it could lead to.
                (relative, depth) = links[nextLink]
                nextLink += 1
                guard try visits.enter(PathUtilities.join(root, relative), depth: depth) else { continue }
            } else {
                return
            }
            let names = try contentsOfDirectory(relative.isEmpty ? root : PathUtilities.join(root, relative))
            try visit(relative, names)
            for name in names.reversed() where entering(name) {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = PathUtilities.join(root, child)
                guard isDirectory(path) else { continue }
                if isSymbolicLink(path) {
                    links.append((child, depth + 1))
                } else if try visits.enter(path, depth: depth + 1) {
                    stack.append((child, depth + 1))
                }
            }
        }
    }
}
