/// A place in an input file, 1-based, for compiler-style messages (`file:line:col`).
public struct FileLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file path as the user gave it.
    public var file: String
    /// 1-based line; 0 when unknown.
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, dropping the parts that are unknown.
    public var description: String {
        if line <= 0 { return file }
        if column <= 0 { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
