import NibModel

/// One thing `nibviz check` found: what a user would otherwise meet at run time, located in the
/// document (and in the sources when known).
public struct CheckFinding: Hashable, Sendable, Codable {
    /// How bad it is: errors make `check` exit 1.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case error, warning, note

        public static func < (left: Severity, right: Severity) -> Bool { left.rank < right.rank }
        var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// What was found; each kind belongs to one R-CHK rule.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// R-CHK-1.
        case unknownKey
        /// R-CHK-2.
        case unrecognizedSelector
        /// R-CHK-3.
        case unhandledFirstResponderAction
        /// R-CHK-4.
        case unknownClass
        /// R-CHK-4.
        case unknownModule
        /// R-CHK-9.
        case wrongModule
        /// R-CHK-5.
        case outletTypeMismatch
        /// R-CHK-6.
        case missingStoryboard
        /// R-CHK-6.
        case missingStoryboardIdentifier
        /// R-CHK-7.
        case undeclaredIdentifier
        /// R-CHK-8.
        case unusedIdentifier
        /// R-CHK-10.
        case unreadableDocument

        /// The rule id.
        public var rule: String {
            switch self {
            case .unknownKey: "R-CHK-1"
            case .unrecognizedSelector: "R-CHK-2"
            case .unhandledFirstResponderAction: "R-CHK-3"
            case .unknownClass, .unknownModule: "R-CHK-4"
            case .outletTypeMismatch: "R-CHK-5"
            case .missingStoryboard, .missingStoryboardIdentifier: "R-CHK-6"
            case .undeclaredIdentifier: "R-CHK-7"
            case .unusedIdentifier: "R-CHK-8"
            case .wrongModule: "R-CHK-9"
            case .unreadableDocument: "R-CHK-10"
            }
        }
    }

    public var severity: Severity
    public var kind: Kind
    /// Where in the document (or, for identifiers used in code, in the source file).
    public var file: String
    public var line: Int
    public var column: Int
    /// The class the finding is about, when there is one.
    public var className: String?
    /// The outlet key or identifier, when the finding is about one.
    public var key: String?
    /// The action selector, when the finding is about one.
    public var selector: String?
    /// The human sentence (includes the runtime's own text when there is one).
    public var message: String
    /// The runtime's exception or log text, verbatim from RuntimeMessages.
    public var runtimeText: String?
    /// The related source declaration, when known (`file:line:col`).
    public var sourceFile: String?
    public var sourceLine: Int?
    public var sourceColumn: Int?
    /// What the source location shows (`authenticationAppleIDTextField is declared here`).
    public var sourceNote: String?

    enum CodingKeys: String, CodingKey {
        case severity, kind, file, line, column, className = "class", key, selector, message, runtimeText, sourceFile, sourceLine,
            sourceColumn, sourceNote, rule
    }

    /// The rule id (`kind.rule`).
    public var rule: String { kind.rule }

    /// Creates a finding.
    public init(
        _ severity: Severity, _ kind: Kind, at location: FileLocation, className: String? = nil, key: String? = nil,
        selector: String? = nil, message: String, runtimeText: String? = nil, source: FileLocation? = nil, sourceNote: String? = nil
    ) {
        self.sourceNote = source == nil ? nil : sourceNote
        self.severity = severity
        self.kind = kind
        self.file = location.file
        self.line = location.line
        self.column = location.column
        self.className = className
        self.key = key
        self.selector = selector
        self.message = message
        self.runtimeText = runtimeText
        self.sourceFile = source?.file
        self.sourceLine = source?.line
        self.sourceColumn = source?.column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        severity = try container.decode(Severity.self, forKey: .severity)
        kind = try container.decode(Kind.self, forKey: .kind)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line) ?? 0
        column = try container.decodeIfPresent(Int.self, forKey: .column) ?? 0
        className = try container.decodeIfPresent(String.self, forKey: .className)
        key = try container.decodeIfPresent(String.self, forKey: .key)
        selector = try container.decodeIfPresent(String.self, forKey: .selector)
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        runtimeText = try container.decodeIfPresent(String.self, forKey: .runtimeText)
        sourceFile = try container.decodeIfPresent(String.self, forKey: .sourceFile)
        sourceLine = try container.decodeIfPresent(Int.self, forKey: .sourceLine)
        sourceColumn = try container.decodeIfPresent(Int.self, forKey: .sourceColumn)
        sourceNote = try container.decodeIfPresent(String.self, forKey: .sourceNote)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(kind, forKey: .kind)
        try container.encode(rule, forKey: .rule)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(className, forKey: .className)
        try container.encode(key, forKey: .key)
        try container.encode(selector, forKey: .selector)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(runtimeText, forKey: .runtimeText)
        try container.encodeIfPresent(sourceFile, forKey: .sourceFile)
        try container.encodeIfPresent(sourceLine, forKey: .sourceLine)
        try container.encodeIfPresent(sourceColumn, forKey: .sourceColumn)
        try container.encodeIfPresent(sourceNote, forKey: .sourceNote)
    }

    /// What identifies the finding across edits that move lines (`--baseline`).
    public var fingerprint: String {
        [file, kind.rawValue, className ?? "", key ?? "", selector ?? ""].joined(separator: "\u{1F}")
    }

    /// The document location.
    public var location: FileLocation { FileLocation(file: file, line: line, column: column) }

    /// The source location, when known.
    public var sourceLocation: FileLocation? {
        sourceFile.map { FileLocation(file: $0, line: sourceLine ?? 0, column: sourceColumn ?? 0) }
    }
}
