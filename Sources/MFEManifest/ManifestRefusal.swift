import MFECore

/// The static reader met something whose value it cannot know without running the manifest:
/// a located refusal naming the construct, never a guess. `--loader auto` hands exactly these
/// manifests to SwiftPM; every other error (a syntax error, a manifest SwiftPM rejects too)
/// stays an error whichever loader reads it.
package struct ManifestRefusal: InputError, Equatable {
    /// Where the construct is written.
    package var location: SourceLocation
    /// What the reader met there, lowercase (`the function call 'f()'`).
    package var subject: String

    /// The advice every refusal ends with.
    package static let advice = "cannot be read without running the manifest; run with '--loader auto' (SwiftPM reads only the manifests mfe cannot) or '--loader swiftpm' to evaluate it with SwiftPM"

    /// Creates a refusal of `subject` at `location`.
    package init(_ subject: String, at location: SourceLocation) {
        self.location = location
        self.subject = subject
    }

    /// The message without the location.
    package var message: String { "\(subject) \(Self.advice)" }

    package var errorDescription: String? { "\(location): \(message)" }
}
