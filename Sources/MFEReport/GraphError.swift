import MFECore

/// What stops `mfe graph`: a package to centre on that the workspace lacks, or a page template
/// without its one data placeholder. Exit 2; the messages are contract, byte for byte.
package enum GraphError: InputError, Equatable {
    /// `--package NAME` names no package; `names` are the workspace's, quoted and sorted.
    case noSuchPackage(String, names: [String])
    /// The page template `name` holds the placeholder `count` times, not once.
    case placeholderCount(template: String, placeholder: String, count: Int)

    package var errorDescription: String? {
        switch self {
        case .noSuchPackage(let name, let names):
            let known = names.map { "'\($0)'" }.joined(separator: ", ")
            return "no package named '\(name)' in the workspace; give one of \(names.isEmpty ? "its packages (it has none)" : known)"
        case .placeholderCount(let template, let placeholder, let count):
            return "\(template) must contain '\(placeholder)' exactly once, where the graph data goes; it contains it \(count) times"
        }
    }
}
