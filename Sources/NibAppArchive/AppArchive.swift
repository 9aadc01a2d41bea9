import CLibArchive
import Foundation
import NibModel
import NibOutput

/// An app archive (`.ipa`: a zip holding `Payload/<Name>.app/`) opened as a project: the entries
/// nibviz reads — compiled `.nib` files and bundles, `.storyboardc` folders — are extracted
/// through libarchive into a private temporary folder (`ScratchFolder`, never the user's),
/// everything else is skipped unread.
///
/// Hostile archives fail with a located error (the archive and the byte reached), never a crash
/// or a write outside the folder: entry names are checked (`ArchiveEntryName`), links are never
/// created, and the bytes written are capped per entry, in total, and against the archive's
/// size (a zip bomb's ratio), counted as they are decompressed rather than trusted from headers.
public enum AppArchive {
    /// How much an archive may expand to.
    public struct Limits: Sendable {
        /// Bytes one extracted entry may hold.
        public var entryBytes: Int64 = 64 << 20
        /// Bytes all extracted entries may hold together.
        public var totalBytes: Int64 = 512 << 20
        /// Extracted bytes per byte of archive (deflate rarely passes 10; bombs reach 1000s).
        public var ratio: Int64 = 100
        /// Entries the archive may list.
        public var entries = 200_000

        /// The default limits.
        public init() {}
    }

    /// Extracts the nibs of the archive at `url` into `scratch` below `folder` (new path components),
    /// keeping the archive's layout (`folder/Payload/Demo.app/…`), and returns that folder;
    /// `name` names the archive in errors.
    @discardableResult
    public static func extract(_ url: URL, into scratch: ScratchFolder, folder: [String], name: String, limits: Limits = Limits()) throws
        -> URL
    {
        guard let reader = archive_read_new() else { throw LocatedError(at: FileLocation(file: name), "cannot start libarchive") }
        defer { archive_read_free(reader) }
        archive_read_support_format_zip(reader)
        guard archive_read_open_filename(reader, url.path, 64 << 10) == ARCHIVE_OK else {
            throw failure(reader, name, "not a readable zip archive")
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? NSNumber)?.int64Value ?? 0
        var budget = min(limits.totalBytes, max(size, 1) * limits.ratio + (1 << 20))
        var sawApp = false
        var count = 0
        var entry: OpaquePointer?
        while true {
            let status = archive_read_next_header(reader, &entry)
            if status == ARCHIVE_EOF { break }
            guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else { throw failure(reader, name, "broken entry header") }
            count += 1
            if count > limits.entries { throw failure(reader, name, "more than \(limits.entries) entries") }
            let raw = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry)
            let entryName = raw.map { String(cString: $0) } ?? ""
            let parts: [String]
            switch ArchiveEntryName.components(of: entryName) {
            case .success(let value): parts = value
            case .failure(let refusal): throw failure(reader, name, "entry \(TextQuoting.quote(entryName)): \(refusal)")
            }
            if parts.count >= 2, parts[0] == "Payload", parts[1].lowercased().hasSuffix(".app") { sawApp = true }
            let type = archive_entry_filetype(entry) & 0o170000
            guard Self.isRead(parts), type == 0o100000 else { continue }  // folders are made for files; links never
            if archive_entry_is_encrypted(entry) != 0 { throw failure(reader, name, "entry \(TextQuoting.quote(entryName)) is encrypted") }
            let quoted = TextQuoting.quote(entryName)
            guard let handle = try? scratch.create(folder + parts) else {
                throw failure(reader, name, "entry \(quoted) cannot be written: listed twice, or below a file of the same name")
            }
            defer { try? handle.close() }
            budget -= try copyData(
                reader, to: handle, entry: quoted, name: name, entryCap: limits.entryBytes, budget: budget, limits: limits)
        }
        guard sawApp else {
            throw failure(reader, name, "not an app archive: no Payload/<Name>.app/ inside")
        }
        return folder.reduce(scratch.url) { $0.appendingPathComponent($1) }
    }

    /// Entries nibviz reads: below `Payload/`, inside a `.nib` (file or bundle) or `.storyboardc`.
    static func isRead(_ parts: [String]) -> Bool {
        guard parts.first == "Payload" else { return false }
        return parts.dropFirst().contains { part in
            let lower = part.lowercased()
            return lower.hasSuffix(".nib") || lower.hasSuffix(".storyboardc")
        }
    }

    /// Streams the current entry into `handle` in 64 KiB pieces; past `entryCap` or the
    /// archive's remaining `budget` it stops with an error. Returns the bytes written.
    private static func copyData(
        _ reader: OpaquePointer, to handle: FileHandle, entry: String, name: String, entryCap: Int64, budget: Int64, limits: Limits
    ) throws -> Int64 {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var written: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
            if count == 0 { return written }
            guard count > 0 else { throw failure(reader, name, "entry \(entry): data cannot be read") }
            written += Int64(count)
            if written > entryCap { throw failure(reader, name, "entry \(entry) expands past \(entryCap) bytes") }
            if written > budget {
                throw failure(
                    reader, name,
                    "entry \(entry): the archive expands past \(limits.ratio)× its size (at most \(limits.totalBytes) bytes): a zip bomb?")
            }
            try handle.write(contentsOf: buffer[0..<count])
        }
    }

    /// A located error: the archive, the byte libarchive had read, what went wrong and libarchive's reason.
    private static func failure(_ reader: OpaquePointer, _ name: String, _ message: String) -> LocatedError {
        let offset = archive_filter_bytes(reader, -1)
        let reason = archive_error_string(reader).map { ": " + String(cString: $0) } ?? ""
        return LocatedError(at: FileLocation(file: name), "byte \(offset): \(message)\(reason)")
    }
}
