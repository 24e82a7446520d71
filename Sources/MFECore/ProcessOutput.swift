import Foundation

/// Standard output and standard error, written with `write(2)`: a full device, a closed stream
/// or a closed pipe is remembered as an error that the command line reports (exit 2, naming
/// the stream and where it goes), never a trap in `FileHandle.write`.
///
/// After a stream fails, later writes to it are dropped; `failure` is the first failure.
public enum ProcessOutput {
    /// One of the two output streams.
    public enum Stream: Int32, Sendable {
        /// Standard output (file descriptor 1).
        case output = 1
        /// Standard error (file descriptor 2).
        case error = 2

        /// `standard output` or `standard error`.
        var name: String { self == .output ? "standard output" : "standard error" }
    }

    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var closed: Set<Int32> = []
        var failed: Set<Int32> = []
        var firstFailure: StreamWriteError?
    }

    private static let state = State()

    /// Prepares the process's streams; call once, first thing in `main`. A closed pipe becomes
    /// a write error (`EPIPE`) instead of killing mfe with SIGPIPE, and a closed standard
    /// stream is occupied by `/dev/null` so that no file mfe opens lands on descriptor 0–2
    /// (where output meant for the terminal would go into it); writing to it is still an error.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        state.lock.lock()
        defer { state.lock.unlock() }
        for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", O_RDWR)
            if placeholder >= 0, placeholder != descriptor {
                _ = dup2(placeholder, descriptor)
                _ = close(placeholder)
            }
            if descriptor != STDIN_FILENO { state.closed.insert(descriptor) }
        }
    }

    /// Writes `text` to `stream`; a failure is recorded, not thrown.
    public static func write(_ text: String, to stream: Stream) {
        guard !text.isEmpty else { return }
        state.lock.lock()
        defer { state.lock.unlock() }
        let descriptor = stream.rawValue
        guard !state.failed.contains(descriptor) else { return }
        var code: Int32?
        if state.closed.contains(descriptor) {
            code = EBADF
        } else {
            var text = text
            code = text.withUTF8 { writeAll($0, to: descriptor) }
        }
        if let code {
            state.failed.insert(descriptor)
            if state.firstFailure == nil {
                state.firstFailure = StreamWriteError(stream: stream.name, destination: destination(of: descriptor), code: code)
            }
        }
    }

    /// The first write that failed, if any.
    public static var failure: (any InputError)? {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.firstFailure
    }

    /// Whether writing to `stream` has failed.
    public static func hasFailed(_ stream: Stream) -> Bool {
        state.lock.lock()
        defer { state.lock.unlock() }
        return state.failed.contains(stream.rawValue)
    }

    /// Writes every byte of `buffer` to `descriptor`, retrying short writes and interrupts;
    /// returns the `errno` of a failure, nil on success.
    static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A non-blocking terminal or pipe that is full: wait until it drains.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// Where `descriptor` goes, for messages: its path when it is a file or device
    /// (`/dev/full`), else nil.
    private static func destination(of descriptor: Int32) -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            if length > 0 {
                let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if target.hasPrefix("/") { return target }
            }
        #elseif canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
            if fcntl(descriptor, F_GETPATH, &buffer) != -1 {
                let target = String(cString: buffer)
                if target.hasPrefix("/") { return target }
            }
        #endif
        return nil
    }
}

/// Writing standard output or standard error failed: exit 2 with this message.
struct StreamWriteError: InputError, Equatable {
    /// `standard output` or `standard error`.
    var stream: String
    /// The file or device the stream goes to, when it is one.
    var destination: String?
    /// The `errno` of the failure.
    var code: Int32

    var errorDescription: String? {
        switch code {
        case EBADF:
            return "cannot write \(stream): it is closed; run mfe with \(stream) open (redirect it to a file or /dev/null instead of closing it)"
        case EPIPE:
            return "cannot write \(stream): the program reading the pipe closed it; keep the reader running or redirect \(stream) to a file"
        default:
            let target = destination.map { " to '\($0)'" } ?? ""
            return "cannot write \(stream)\(target): \(FileOperationError.reason(code)); \(FileOperationError.advice(code))"
        }
    }
}
