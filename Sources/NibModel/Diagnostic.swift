/// A message about an input: collected (warnings, notes) or fatal (errors).
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How bad the problem is.
    public var severity: Severity
    /// Where the problem is.
    public var location: FileLocation
    /// What is wrong, in one sentence.
    public var message: String

    /// Creates a diagnostic.
    public init(_ severity: Severity, at location: FileLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// Compiler style: `file:line:col: warning: message`.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// A failure that stops work on one input, printed as `Error: file:line:col: message`.
public struct LocatedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the failure is.
    public var location: FileLocation
    /// What is wrong.
    public var message: String
    /// True when the document may well be sound and nibviz does not read it: a format it does
    /// not read (an Interface Builder 2 nib archived by NSArchiver) or one of its input limits.
    /// `check` notes it instead of failing (R-CHK-10).
    public var isReaderLimitation: Bool

    /// Creates an error.
    public init(at location: FileLocation, _ message: String, readerLimitation: Bool = false) {
        self.location = location
        self.message = message
        self.isReaderLimitation = readerLimitation
    }

    /// `file:line:col: message` (the CLI prefixes `Error: `).
    public var description: String { "\(location): \(message)" }
}
