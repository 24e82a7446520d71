import Foundation
import MFECore
import MFEManifest

/// Finds a target's Swift source files the way SwiftPM does: in `path:` or the first
/// predefined folder holding `NAME`, limited to `sources:`, minus `exclude:`, skipping hidden
/// files and folders and the folders SwiftPM takes as one resource (`.docc` catalogs,
/// asset catalogs: `SourceFolderRules`).
package struct TargetSourceFiles: Sendable {
    let fileSystem: any FileSystem

    /// Creates a finder reading `fileSystem`.
    package init(fileSystem: any FileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// The target's folder relative to the package root: `path:` when given, else the first
    /// predefined folder that holds `NAME`, else `Target.defaultPath`.
    package func directory(of target: Target, inPackage packageDirectory: String) -> String {
        target.directory { fileSystem.isDirectory(PathUtilities.join(packageDirectory, $0)) }
    }

    /// The absolute paths of the target's `.swift` files, sorted. A target folder that does not
    /// exist has no sources (SwiftPM reports that itself; the import rules have nothing to read).
    /// Each real folder is read once and links leading out of the package are not followed
    /// (`FolderVisits`), so `ln -s .. up` inside a target ends the walk instead of looping.
    package func swiftFiles(of target: Target, inPackage packageDirectory: String) throws -> [String] {
        let targetDirectory = PathUtilities.normalize(PathUtilities.join(packageDirectory, directory(of: target, inPackage: packageDirectory)))
        let excluded = Set(target.exclude.map { PathUtilities.normalize(PathUtilities.join(targetDirectory, $0)) })
        let roots = (target.sources ?? ["."]).map { PathUtilities.normalize(PathUtilities.join(targetDirectory, $0)) }
        var ancestors: [String] = []
        var ancestor = (targetDirectory as NSString).deletingLastPathComponent
        while ancestor.count >= packageDirectory.count, ancestor != "/" {
            ancestors.append(ancestor)
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        var visits = FolderVisits(fileSystem: fileSystem, boundary: PathUtilities.normalize(packageDirectory), purpose: "reading the sources of '\(target.name)'", visited: ancestors)
        var files: Set<String> = []
        var pending = roots.reversed().filter { !excluded.contains($0) }.map { ($0, 0) }
        while let (path, depth) = pending.popLast() {
            if fileSystem.isDirectory(path) {
                guard try visits.enter(path, depth: depth) else { continue }
                for name in try fileSystem.contentsOfDirectory(path) where !name.hasPrefix(".") && !(fileSystem.isDirectory(path + "/" + name) && SourceFolderRules.isOpaque(name[...])) {
                    let child = path + "/" + name
                    if !excluded.contains(child) { pending.append((child, depth + 1)) }
                }
            } else if path.hasSuffix(".swift"), fileSystem.exists(path) {
                files.insert(path)
            }
        }
        return files.sorted()
    }
}
