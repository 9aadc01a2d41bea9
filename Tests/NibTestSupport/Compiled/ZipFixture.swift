import CLibArchive
import Foundation

/// Writes zip archives with libarchive for the `.ipa` tests: any entry name (hostile ones too),
/// stored or deflated, files, folders and symbolic links.
public enum ZipFixture {
    /// One archive entry.
    public struct Entry: Sendable {
        public enum Kind: Sendable {
            case file([UInt8])
            case folder
            case link(String)
        }
        public var name: String
        public var kind: Kind

        public init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// Writes `entries` as a deflated zip at `url`.
    public static func write(_ entries: [Entry], to url: URL) throws {
        guard let writer = archive_write_new() else { throw ZipFixtureError.libarchive("archive_write_new") }
        defer { archive_write_free(writer) }
        archive_write_set_format_zip(writer)
        archive_write_zip_set_compression_deflate(writer)
        guard archive_write_open_filename(writer, url.path) == ARCHIVE_OK else { throw ZipFixtureError.libarchive(url.path) }
        for item in entries {
            guard let entry = archive_entry_new() else { throw ZipFixtureError.libarchive("archive_entry_new") }
            defer { archive_entry_free(entry) }
            archive_entry_set_pathname(entry, item.name)
            archive_entry_set_mtime(entry, 0, 0)
            switch item.kind {
            case .file(let bytes):
                archive_entry_set_filetype(entry, 0o100000)
                archive_entry_set_perm(entry, 0o644)
                archive_entry_set_size(entry, la_int64_t(bytes.count))
                guard archive_write_header(writer, entry) == ARCHIVE_OK else { throw ZipFixtureError.libarchive(item.name) }
                _ = bytes.withUnsafeBytes { archive_write_data(writer, $0.baseAddress, $0.count) }
            case .folder:
                archive_entry_set_filetype(entry, 0o040000)
                archive_entry_set_perm(entry, 0o755)
                guard archive_write_header(writer, entry) == ARCHIVE_OK else { throw ZipFixtureError.libarchive(item.name) }
            case .link(let target):
                archive_entry_set_filetype(entry, 0o120000)
                archive_entry_set_symlink(entry, target)
                guard archive_write_header(writer, entry) == ARCHIVE_OK else { throw ZipFixtureError.libarchive(item.name) }
            }
        }
        guard archive_write_close(writer) == ARCHIVE_OK else { throw ZipFixtureError.libarchive("close") }
    }

    /// Every file below `folder` as entries named `prefix` + its relative path, sorted.
    public static func entries(of folder: URL, prefix: String) throws -> [Entry] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
        return try paths.compactMap { path in
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            if isFolder.boolValue { return Entry(prefix + path + "/", .folder) }
            return Entry(prefix + path, .file([UInt8](try Data(contentsOf: folder.appendingPathComponent(path)))))
        }
    }

    /// Failures of the fixture writer.
    public enum ZipFixtureError: Error { case libarchive(String) }
}

extension CompiledFixtures {
    /// `Demo.ipa`: `Payload/Demo.app/` as `writeApp` builds it, plus what a real archive also
    /// holds and nibviz skips (the executable, `iTunesMetadata.plist`).
    public static func writeIPA(at url: URL) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-ipa-src-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try writeApp(at: folder.appendingPathComponent("Demo.app"))
        var entries = [ZipFixture.Entry("Payload/", .folder), ZipFixture.Entry("Payload/Demo.app/", .folder)]
        entries += try ZipFixture.entries(of: folder.appendingPathComponent("Demo.app"), prefix: "Payload/Demo.app/")
        entries.append(ZipFixture.Entry("Payload/Demo.app/Demo", .file(Array(repeating: 0xCF, count: 4096))))
        entries.append(ZipFixture.Entry("iTunesMetadata.plist", .file(Array("<plist/>".utf8))))
        try ZipFixture.write(entries, to: url)
    }
}
