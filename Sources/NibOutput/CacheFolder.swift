import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A cache folder the user named (`--cache DIR`): created with a `cache` marker, used only when
/// missing, empty or already nibviz's cache; entries are written atomically, never deleted.
public final class CacheFolder: Sendable {
    /// The folder's canonical path.
    public let path: String
    private let shown: String

    /// Checks (the same refusals as an output folder) and opens or creates the cache folder.
    public init(
        path target: String, inputs: [String], toolVersion: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try OutputGuard.check(target, inputs: inputs, environment: environment)
        shown = target
        path = OutputPath.canonical(target)
        switch POSIXFile.kind(path) {
        case .missing:
            try POSIXFile.makeFolders(path, shownAs: target)
        case .directory:
            if OutputMarker.read(in: path)?.kind == .cache { return }
            let entries = POSIXFile.walk(path)
            guard entries.isEmpty else { throw OutputError(target, .foreign(entries)) }
        default:
            throw OutputError(target, .other("it is a file, not a folder"))
        }
        try POSIXFile.replaceMarker(in: path, OutputMarker(kind: .cache, version: toolVersion), shownAs: target)
    }

    /// The bytes of the entry `name`, if present.
    public func read(_ name: String) -> [UInt8]? {
        guard OutputPath.checkedRelative(name) != nil else { return nil }
        return POSIXFile.read(path + "/" + name, limit: 1 << 30)
    }

    /// Stores `bytes` as the entry `name` (temporary file + rename).
    public func write(_ bytes: [UInt8], to name: String) throws {
        guard OutputPath.checkedRelative(name) != nil, !name.contains("/") else {
            throw OutputError(shown + "/" + name, .other("not a cache entry name"))
        }
        try OutputFile.replace(path + "/" + name, with: bytes, shownAs: shown + "/" + name)
    }
}
