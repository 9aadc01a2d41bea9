/// An OS or SDK version such as `5.1`, `10.15` or `17.0`, compared numerically.
public struct OSVersion: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Version components, at least one (`[10, 15]`).
    public var components: [Int]

    /// Creates a version from components.
    public init(_ components: Int...) { self.components = components.isEmpty ? [0] : components }

    /// Parses `major[.minor[.patch]]`; nil when a part is not a non-negative integer.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3 else { return nil }
        var values: [Int] = []
        for part in parts {
            guard let value = Int(part), value >= 0 else { return nil }
            values.append(value)
        }
        components = values
    }

    /// The major version.
    public var major: Int { components[0] }

    /// Numeric order, missing components counting as 0 (`10.9` < `10.10`).
    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// Equal when numerically equal (`13` == `13.0`).
    public static func == (lhs: OSVersion, rhs: OSVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    /// `10.15`, with at least a minor part.
    public var description: String {
        (components.count == 1 ? components + [0] : components).map(String.init).joined(separator: ".")
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = OSVersion(text) ?? OSVersion(0)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
