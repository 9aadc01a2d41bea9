/// How much of a run a timeline shows (R-CONV-3).
public enum TraceLevel: Int, Hashable, Sendable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    /// Lifecycle selectors overridden by user classes; EXCEPTION, CRASH and REJECT lines.
    case l1 = 1
    /// L1 plus connections, KVO, runtime attributes, SHOW-WINDOW, IVAR and LOG lines.
    case l2 = 2
    /// L2 plus framework-internal steps (RESOLVE lines, internal selectors).
    case l3 = 3

    /// Ordered by how much they show.
    public static func < (lhs: TraceLevel, rhs: TraceLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `L1`, `L2` or `L3`.
    public var description: String { "L\(rawValue)" }

    /// Reads `L1`/`l1`/`1`.
    public init?(name: String) {
        switch name.uppercased() {
        case "L1", "1": self = .l1
        case "L2", "2": self = .l2
        case "L3", "3": self = .l3
        default: return nil
        }
    }
}

/// The device family of an iOS scenario (R-NN-4 `~iphone` / `~ipad`).
public enum Idiom: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case phone, pad

    /// The nib-name device suffix (`~iphone`, `~ipad`).
    public var nibSuffix: String { self == .phone ? "~iphone" : "~ipad" }

    /// The lowercase name.
    public var description: String { rawValue }
}
