import MFECore
import MFELint
import MFEWorkspace

/// Finds and reads the baseline a lint run applies, for every command that lints.
struct BaselineLoader {
    let fileSystem: any FileSystem

    /// The baseline to apply and its file as findings print it: `given` (`--baseline`,
    /// relative to the working directory, which must exist), else mfe.yml's `baseline:` when
    /// that file exists; nil when there is none.
    func load(given: String?, workspace: Workspace) throws -> (Baseline, String)? {
        let path: String
        if let given {
            path = fileSystem.absolute(given)
            guard fileSystem.exists(path) else {
                throw BaselineError.missing(given: given)
            }
        } else if let configured = workspace.configuration?.baseline {
            path = PathUtilities.absolute(configured, relativeTo: workspace.root)
            guard fileSystem.exists(path) else { return nil }
        } else {
            return nil
        }
        let file = workspace.relativePath(path)
        return (try Baseline.decode(try fileSystem.contents(of: path), file: file), file)
    }
}
