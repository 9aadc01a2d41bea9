/// The Apple platform a document or scenario targets.
public enum Platform: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case ios, macos, tvos, watchos

    /// The framework family that loads its nibs: UIKit for iOS, tvOS and watchOS, AppKit for macOS.
    public var usesAppKit: Bool { self == .macos }

    /// Class-name prefix of the framework (`UI` or `NS`).
    public var classPrefix: String { usesAppKit ? "NS" : "UI" }

    /// The lowercase name used in JSON and on the command line.
    public var description: String { rawValue }
}
