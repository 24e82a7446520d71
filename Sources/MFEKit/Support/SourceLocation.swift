/// A position in a file: what every finding and every input error points at.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The file, as given to the loader (absolute, or relative to the working directory).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in UTF-8 bytes as SwiftPM and the compiler do.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form terminals and Xcode link.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
