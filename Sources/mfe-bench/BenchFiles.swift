import Foundation
import MFEKit

/// The disk, through mfe's own `FileSystem`: the benchmarks read, write and remove files as mfe
/// does (atomic writes, errors naming the path).
let disk = LocalFileSystem()

extension FileSystem {
    /// Writes `text` to `path`, creating its folder.
    func write(_ text: String, to path: String) throws {
        try createDirectory((path as NSString).deletingLastPathComponent)
        try writeAtomically(Data(text.utf8), to: path)
    }

    /// Copies the folder `source` (every file below it, hidden ones too) to `destination`,
    /// which must not exist.
    func copyFolder(_ source: String, to destination: String) throws {
        guard !exists(destination) else { throw FileOperationError("copy '\(source)' to", destination, code: EEXIST) }
        try createDirectory(destination)
        for relative in try filesBelow(source) {
            try createDirectory((PathUtilities.join(destination, relative) as NSString).deletingLastPathComponent)
            try writeAtomically(try contents(of: PathUtilities.join(source, relative)), to: PathUtilities.join(destination, relative))
        }
    }

    /// A fresh folder name under the temporary folder: `NAME-UUID`.
    func temporaryPath(_ name: String) -> String {
        PathUtilities.join(disk.temporaryDirectory, name)
    }
}
