import Foundation

/// An error caused by input mfe cannot use: a missing path, a malformed `mfe.yml` or
/// `Package.swift`, an unknown flag value, an unreachable repository. The command line maps
/// every such error to exit code 2. Messages are lowercase, name the file, line and value in
/// single quotes, and say what to do.
public protocol InputError: LocalizedError, Sendable {}

/// A problem tied to a place in a file: printed as `file:line:col: error: message`.
package struct LocatedInputError: InputError, Equatable {
    /// Where the problem is.
    package var location: SourceLocation
    /// What is wrong and what to do, lowercase.
    package var message: String

    /// Creates an error at `location`.
    package init(_ message: String, at location: SourceLocation) {
        self.location = location
        self.message = message
    }

    package var errorDescription: String? { "\(location): \(message)" }
}

/// A problem with no particular line (a missing file, an unreachable repository).
package struct PlainInputError: InputError, Equatable {
    /// What is wrong and what to do, lowercase.
    package var message: String

    /// Creates an error.
    package init(_ message: String) { self.message = message }

    package var errorDescription: String? { message }
}

/// Several input problems found together, reported at once (validation collects every
/// problem before reporting, as XcodeGen does).
package struct InputErrors: InputError, Equatable {
    /// The problems, in the order found.
    package var messages: [String]

    /// Creates an error list; `messages` must not be empty.
    package init(_ messages: [String]) { self.messages = messages }

    package var errorDescription: String? { messages.joined(separator: "\n") }
}
