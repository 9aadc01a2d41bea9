/// Whether a zip entry's name may become a path inside the extraction folder: relative, no
/// `..`, no empty or `.` components, no NUL, bounded length and depth. `\` counts as a separator
/// too, so a name built for Windows cannot climb out either.
enum ArchiveEntryName {
    static let maxBytes = 1024
    static let maxDepth = 64

    /// The name's components, or why it is refused.
    static func components(of name: String) -> Result<[String], Refusal> {
        if name.utf8.count > maxBytes { return .failure(.tooLong) }
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.dropFirst().hasPrefix(":") { return .failure(.absolute) }
        if name.utf8.contains(0) { return .failure(.control) }
        // A directory entry ends in `/`.
        let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "\\", omittingEmptySubsequences: false)
        }.map(String.init)
        if parts.contains("..") { return .failure(.climbs) }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return .failure(.emptyComponent) }
        if parts.count > maxDepth { return .failure(.tooDeep) }
        return .success(parts)
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
