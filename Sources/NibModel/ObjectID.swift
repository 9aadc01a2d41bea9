/// The id of an object in an Interface Builder document (`BYZ-38-t0r`, `-1`, `29`).
///
/// Any non-empty string is accepted (R-XML-8): the 3-2-3 shape is descriptive only.
public struct ObjectID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The id exactly as written in the document.
    public let rawValue: String

    /// Wraps an id string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal id string.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The id string.
    public var description: String { rawValue }

    /// Ordered by the raw string, so sorted output never depends on hashing.
    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
