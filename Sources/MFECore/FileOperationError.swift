import Foundation

/// A file operation the system refused, with the file it was about and what to do: Foundation's
/// own messages (`You don't have permission.`, `There isn't enough space.`) name no path.
package struct FileOperationError: InputError, Equatable {
    /// What mfe was doing, as a verb phrase: `read`, `write`, `create the folder`.
    package var operation: String
    /// The file or folder.
    package var path: String
    /// The `errno` value, when known.
    package var code: Int32?
    /// Whether mfe refused the path itself because it is no regular file (a device, a pipe
    /// or a socket: reading or appending could wait for ever), rather than the system.
    package var isNotRegularFile = false
    /// What the symbolic link at `path` points to, when mfe refused to write through it
    /// because it does not lead to a file.
    package var danglingLinkTarget: String?

    /// Creates an error for `operation` on `path` that failed with `errno` `code`.
    package init(_ operation: String, _ path: String, code: Int32?) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The error for `operation` on `path`, which is no regular file.
    package static func notRegularFile(_ operation: String, _ path: String) -> FileOperationError {
        var error = FileOperationError(operation, path, code: nil)
        error.isNotRegularFile = true
        return error
    }

    /// The error for writing `path`, a symbolic link to `target`, which leads to no file:
    /// mfe writes through links, and never replaces one.
    package static func danglingLink(_ operation: String, _ path: String, target: String) -> FileOperationError {
        var error = FileOperationError(operation, path, code: nil)
        error.danglingLinkTarget = target
        return error
    }

    /// The same error for another description of the operation.
    package func describing(_ operation: String) -> FileOperationError {
        var error = self
        error.operation = operation
        return error
    }

    /// Creates an error for `operation` on `path` from a thrown Foundation or POSIX error.
    package init(_ operation: String, _ path: String, error: any Error) {
        self.init(operation, path, code: Self.errnoCode(of: error))
    }

    package var errorDescription: String? {
        if let danglingLinkTarget {
            return
                "cannot \(operation) '\(path)': it is a symbolic link to '\(danglingLinkTarget)', which leads to no file; mfe writes through links and never replaces one, so fix the link or remove it"
        }
        if isNotRegularFile {
            return "cannot \(operation) '\(path)': it is not a regular file (a device, pipe or socket); give the path of a file"
        }
        return "cannot \(operation) '\(path)': \(Self.reason(code)); \(Self.advice(code))"
    }

    /// `strerror`, lowercased: `no space left on device`.
    package static func reason(_ code: Int32?) -> String {
        guard let code, let text = strerror(code).map({ String(cString: $0) }), !text.isEmpty else {
            return "the system refused"
        }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// What a user can do about `code`.
    package static func advice(_ code: Int32?) -> String {
        switch code {
        case EACCES, EPERM: return "check its permissions and those of its folders, or run mfe as a user who may use it"
        case ENOSPC, EDQUOT: return "free some disk space (or raise the quota) and run mfe again"
        case ENOENT: return "check that the path and its folders exist"
        case ENOTDIR: return "a part of the path is a file, not a folder; check the path"
        case EISDIR: return "it is a folder; give the path of a file"
        case EEXIST, ENOTEMPTY: return "something is already there; mfe never overwrites, so move it away or choose another path"
        case EROFS: return "choose a folder on a writable file system"
        case ELOOP: return "the path has a symbolic link loop; fix the link"
        case ENAMETOOLONG: return "the path is too long; choose a shorter one"
        case EMFILE, ENFILE: return "too many files are open; raise the limit ('ulimit -n') and run mfe again"
        case EIO: return "the disk reported an I/O error; check the device"
        case EXDEV: return "the source and destination are on different file systems; keep them on one"
        case EBADF, EPIPE: return "the stream is closed; keep it open or redirect it to a file"
        default: return "check the path and run mfe again"
        }
    }

    /// The `errno` inside a Foundation error: its underlying POSIX error, a `CocoaError`'s
    /// meaning, or a POSIX error itself.
    package static func errnoCode(of error: any Error) -> Int32? {
        if let error = error as? FileOperationError { return error.code }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: nsError.code) {
        case .fileReadNoPermission, .fileWriteNoPermission: return EACCES
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteFileExists: return EEXIST
        case .fileReadTooLarge: return EFBIG
        default: return nil
        }
    }
}
