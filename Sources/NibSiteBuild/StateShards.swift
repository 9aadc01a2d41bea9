import Foundation
import NibOutput
import NibPipeline

/// Build state split by key over several files in the output folder (the pages, documents and
/// summaries of `BuildState`, the source declarations of `SourceCache`, all in `CompactBinary`): a
/// rebuild reads them on as many threads, and encodes only the shards whose content changed,
/// carrying the others as they are (a small change rewrites a file or two, not the whole state).
enum StateShards {
    /// The shard of `key` among `count`: fixed by the key's bytes, so an unchanged key stays in
    /// its file.
    static func shard(_ key: String, of count: Int) -> Int {
        Int(key.utf8.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % UInt32(count))
    }

    /// The shards the previous build wrote at `paths`, in order; nil unless its marker lists
    /// every one and each decodes and is `accepted` (an older format, another tool).
    static func read<Part: Sendable>(
        paths: [String], in output: OutputFolder, jobs: Int, decode: @escaping @Sendable (Data) throws -> Part,
        accepted: @escaping @Sendable (Part) -> Bool
    ) -> [Part]? {
        guard let listed = output.previousMarker?.files, paths.allSatisfy(listed.contains) else { return nil }
        let root = output.path
        let parts = parallelMap(paths, jobs: min(jobs, paths.count)) { path -> Part? in
            guard let data = FileManager.default.contents(atPath: root + "/" + path), let part = try? decode(data), accepted(part)
            else { return nil }
            return part
        }
        let read = parts.compactMap { $0 }
        return read.count == paths.count ? read : nil
    }

    /// Writes `parts` to `paths` (same value, same bytes); a part equal to the one `previous`
    /// read from the same file is carried instead of encoded.
    static func write<Part: Equatable & Sendable>(
        _ parts: [Part], to paths: [String], previous: [Part]?, in output: OutputFolder, jobs: Int,
        encode: @escaping @Sendable (Part) throws -> Data
    ) throws {
        let old = previous?.count == parts.count ? previous : nil
        let encoded = parallelMap(Array(parts.enumerated()), jobs: min(jobs, parts.count)) { number, part -> Result<Data?, Error> in
            if let old, old[number] == part { return .success(nil) }
            return Result { try encode(part) }
        }
        for (path, result) in zip(paths, encoded) {
            if let bytes = try result.get() { try output.write(bytes, to: path) } else { try output.carry(path) }
        }
    }
}
