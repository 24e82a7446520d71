import Foundation

/// An error caused by input mfe cannot use: a missing path, a malformed `mfe.yml` or
/// `Package.swift`, an unknown flag value, an unreachable repository. The command line maps
/// every such error to exit code 2. Messages are lowercase, name the file, line and value in
/// single quotes, and say what to do.
public protocol InputError: LocalizedError, Sendable {}

/// An input error that may point at a place in a file: then it is printed as
/// `file:line:col: message`, the form terminals and Xcode link, and sorted by that place
/// when several are reported together.
package protocol LocatedError: InputError {
    /// Where the problem is, when it is at one place in a file.
    var location: SourceLocation? { get }
    /// What is wrong and what to do, lowercase, without the location.
    var message: String { get }
}

extension LocatedError {
    package var errorDescription: String? { location.map { "\($0): \(message)" } ?? message }
}

/// A problem no area's error type describes: a message built by the command line itself.
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
    package var errors: [any InputError]

    /// Creates an error list; `errors` must not be empty.
    package init(_ errors: [any InputError]) { self.errors = errors }

    /// The message of each problem, in order.
    package var messages: [String] { errors.map { $0.errorDescription ?? "\($0)" } }

    package var errorDescription: String? { messages.joined(separator: "\n") }

    /// Two lists are equal when their errors are, one by one: by value when an error's type is
    /// `Equatable` (every area's is), else by message.
    package static func == (lhs: InputErrors, rhs: InputErrors) -> Bool {
        lhs.errors.count == rhs.errors.count
            && zip(lhs.errors, rhs.errors).allSatisfy { left, right in
                // Through `Any`: the compiler takes a cast of an error existential to `any
                // Equatable` for one that always succeeds, which it is not.
                guard let left = left as Any as? any Equatable else { return left.errorDescription == right.errorDescription }
                return left.isEqual(to: right)
            }
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
}
