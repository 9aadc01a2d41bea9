import Foundation
import NibOutput

/// Where the site's rendered SVGs are kept between builds, by content hash: inside the output
/// folder (`.nibviz-cache/`, packed: `DiagramPack`; carried from the previous build into the
/// new one, so it never leaves the folder nibviz owns) or in a cache folder the user named
/// (one file per diagram).
struct DiagramCache {
    /// The cached SVG bytes for a key, if any.
    var read: (String) -> [UInt8]?
    /// Whether the cache holds a key (without reading it): from an earlier build, or stored by
    /// this one.
    var has: (String) -> Bool
    /// Stores an SVG (best effort: a cache that cannot be written only costs a re-render); on
    /// the store's writer thread.
    var write: @Sendable (String, [UInt8]) -> Void
    /// Marks a hit as still used (a cache inside the output is carried into the new output).
    var keep: (String) -> Void
    /// Completes the cache once the last SVG is written (the pack and its index), given the
    /// order of the keys written (the build's submission order).
    var finish: @Sendable ([String]) throws -> Void = { _ in }

    /// The folder inside the output.
    static let folderName = ".nibviz-cache"
}

extension SiteBuilder {
    /// The cache for this build, or nil with `--no-cache`.
    func diagramCache(writingInto output: OutputFolder) throws -> DiagramCache? {
        guard options.useCache else { return nil }
        if let named = options.cacheDirectory {
            let folder = try CacheFolder(
                path: named.path, inputs: [options.siteRoot.path] + options.inputs.map(\.path), toolVersion: options.version)
            return DiagramCache(
                read: { folder.read($0 + ".svg") }, has: { FileManager.default.fileExists(atPath: folder.path + "/" + $0 + ".svg") },
                write: { try? folder.write($1, to: $0 + ".svg") }, keep: { _ in })
        }
        let pack = DiagramPack(output: output)
        return DiagramCache(
            read: { pack.read($0) }, has: { pack.has($0) }, write: { pack.write($0, $1) }, keep: { pack.keep($0) },
            finish: { try pack.finish(order: $0) })
    }
}
