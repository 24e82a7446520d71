extension FileSystem {
    /// Every file below `directory`, relative to it and sorted, hidden files included
    /// (templates carry `.gitignore` and `.github/`). Iterative, so deep trees cannot overflow the stack.
    package func filesBelow(_ directory: String) throws -> [String] {
        var result: [String] = []
        var stack: [String] = [""]
        while let relative = stack.popLast() {
            let folder = relative.isEmpty ? directory : PathUtilities.join(directory, relative)
            for name in try contentsOfDirectory(folder) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if isDirectory(PathUtilities.join(directory, child)) {
                    stack.append(child)
                } else {
                    result.append(child)
                }
            }
        }
        return result.sorted()
    }
}
