/// A position in a file: what every finding and every input error points at.
package struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file, as given to the loader (absolute, or relative to the working directory).
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, counted in UTF-8 bytes as SwiftPM and the compiler do.
    package var column: Int

    /// Creates a location.
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form terminals and Xcode link.
    package var description: String { "\(file):\(line):\(column)" }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
