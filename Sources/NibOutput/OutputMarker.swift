/// The `.nibviz-output` file in every folder nibviz creates: which nibviz wrote it and which of
/// its files are nibviz's, so a later run deletes exactly those and nothing else.
public struct OutputMarker: Equatable, Sendable {
    /// The marker's file name.
    public static let fileName = ".nibviz-output"

    /// What the folder is.
    public enum Kind: String, Sendable {
        /// A finished output folder; nibviz owns the files listed in `files`.
        case output
        /// A build in progress: everything in the folder was written by nibviz.
        case staging
        /// A diagram cache: everything in the folder was written by nibviz.
        case cache
    }

    /// What the folder is.
    public var kind: Kind
    /// The nibviz version that wrote it.
    public var version: String
    /// Relative paths nibviz wrote (for `output`), sorted.
    public var files: [String]

    /// Creates a marker listing the names of `files` inside its folder (`OutputPath.checkedRelative`):
    /// nibviz never writes another, and a later run deletes what a marker lists, so one read
    /// from disk that names `../x` or `/etc/x` must not carry it.
    public init(kind: Kind, version: String, files: [String] = []) {
        self.kind = kind
        self.version = version
        self.files = files.filter { OutputPath.checkedRelative($0) != nil }.sorted()
    }

    private static let header = "nibviz output folder"

    /// The marker's text: a header, `kind:`/`version:` lines, then one written file per line
    /// (`%`, CR and LF percent-encoded so any file name fits on one line).
    public var text: String {
        var lines = [
            Self.header,
            "# nibviz replaces this folder on its next run and deletes only the files listed below.",
            "kind: \(kind.rawValue)",
            "version: \(version)",
            "files:",
        ]
        lines += files.map(Self.encode)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a marker's text; nil when it is not one of ours.
    public init?(text: String) {
        // Split on the byte: splitting the String by Character runs grapheme breaking over a
        // marker of thousands of lines (10 ms of a one-document rebuild's main thread).
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard lines.first == Self.header, let filesLine = lines.firstIndex(of: "files:") else { return nil }
        var kind: Kind?
        var version = ""
        for line in lines[..<filesLine] {
            if line.hasPrefix("kind: ") { kind = Kind(rawValue: String(line.dropFirst(6))) }
            if line.hasPrefix("version: ") { version = String(line.dropFirst(9)) }
        }
        guard let kind else { return nil }
        self.init(kind: kind, version: version, files: lines[(filesLine + 1)...].filter { !$0.isEmpty }.map(Self.decode))
    }

    /// The marker in `folder`, if it has a readable one.
    static func read(in folder: String) -> OutputMarker? {
        let path = folder + "/" + fileName
        guard POSIXFile.kind(path) == .regular, let bytes = POSIXFile.read(path, limit: 64 << 20) else { return nil }
        return OutputMarker(text: String(decoding: bytes, as: UTF8.self))
    }

    static func encode(_ name: String) -> String {
        // Most names hold none of the three (a byte scan: a marker lists thousands of files).
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x0A || $0 == 0x0D }) else { return name }
        return name.replacingAll("%", "%25").replacingAll("\n", "%0A").replacingAll("\r", "%0D")
    }

    static func decode(_ line: String) -> String {
        guard line.utf8.contains(UInt8(ascii: "%")) else { return line }
        return line.replacingAll("%0A", "\n").replacingAll("%0D", "\r").replacingAll("%25", "%")
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
