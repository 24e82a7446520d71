import MFECore

/// What stops `mfe graph`: a package to centre on that the workspace lacks, a page template
/// without its one data placeholder, or a `--base` revision whose workspace cannot be read. Exit 2; the messages are contract, byte for byte.
package enum GraphError: InputError, Equatable {
    /// `--package NAME` names no package; `names` are the workspace's, quoted and sorted.
    case noSuchPackage(String, names: [String])
    /// The page template `name` holds the placeholder `count` times, not once.
    case placeholderCount(template: String, placeholder: String, count: Int)
    /// `--format html` in a build that left `Templates/graph/page.html` (`path` below
    /// `Templates/`) out.
    case pageMissing(path: String)
    /// `--base REV`: the workspace at the merge base (`mergeBase`) could not be loaded; `reason`
    /// is the loader's message.
    case baseNotReadable(base: String, mergeBase: String, reason: String)

    package var errorDescription: String? {
        switch self {
        case .noSuchPackage(let name, let names):
            let known = names.map { "'\($0)'" }.joined(separator: ", ")
            return "no package named '\(name)' in the workspace; give one of \(names.isEmpty ? "its packages (it has none)" : known)"
        case .placeholderCount(let template, let placeholder, let count):
            return "\(template) must contain '\(placeholder)' exactly once, where the graph data goes; it contains it \(count) times"
        case .pageMissing(let path):
            return "this mfe was built without its graph page ('Templates/\(path)'); rebuild it from a complete checkout"
        case .baseNotReadable(let base, let mergeBase, let reason):
            return "the workspace at '\(base)' (merge base \(mergeBase.prefix(12))) could not be read: \(reason); compare with a revision where it could"
        }
    }
}
