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

extension FileLocation {
    enum CodingKeys: String, CodingKey { case file, line, column }

    /// An empty file is left out: a store that keeps each file's locations under the file's own
    /// key (a site's source cache) blanks them instead of repeating the path thousands of times.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !file.isEmpty { try container.encode(file, forKey: .file) }
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decodeIfPresent(String.self, forKey: .file) ?? ""
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
    }
}
