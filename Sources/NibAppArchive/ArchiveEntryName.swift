/// Whether a zip entry's name may become a path inside the extraction folder: relative, no
/// `..`, no empty or `.` components, no NUL, bounded length and depth. `\` counts as a separator
/// too, so a name built for Windows cannot climb out either.
enum ArchiveEntryName {
    static let maxBytes = 1024
    static let maxDepth = 64

    /// The name's components, or why it is refused.
    ///
    /// Bytes, not Characters: the kernel splits on the `/` byte, while Swift's Character view
    /// merges a `/` with a combining mark after it (`"../\u{301}x"` is one Character-split part).
    static func components(of name: String) -> Result<[String], Refusal> {
        let bytes = Array(name.utf8)
        let (slash, backslash, colon) = (UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ":"))
        if bytes.count > maxBytes { return .failure(.tooLong) }
        // `/x`, `\x`, and a drive letter (`C:`) or anything else whose second byte is `:`.
        if bytes.first == slash || bytes.first == backslash || (bytes.count > 1 && bytes[1] == colon) { return .failure(.absolute) }
        if bytes.contains(0) { return .failure(.control) }
        // A directory entry ends in `/`.
        let trimmed = bytes.last == slash ? bytes.dropLast() : bytes[...]
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == slash || $0 == backslash }
        if parts.contains(where: { $0.elementsEqual("..".utf8) }) { return .failure(.climbs) }
        if parts.contains(where: { $0.isEmpty || $0.elementsEqual(".".utf8) }) { return .failure(.emptyComponent) }
        if parts.count > maxDepth { return .failure(.tooDeep) }
        return .success(parts.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Why an entry name is refused.
    enum Refusal: Error, CustomStringConvertible {
        case tooLong, absolute, control, climbs, emptyComponent, tooDeep

        var description: String {
            switch self {
            case .tooLong: "name longer than \(ArchiveEntryName.maxBytes) bytes"
            case .absolute: "absolute path"
            case .control: "name holds a NUL byte"
            case .climbs: "name climbs out of the archive with `..`"
            case .emptyComponent: "name has an empty or `.` component"
            case .tooDeep: "name nested more than \(ArchiveEntryName.maxDepth) folders deep"
            }
        }
    }
}
