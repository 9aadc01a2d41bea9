import Foundation
import NibModel
import NibOutput
import NibSite

#if canImport(Glibc)
    import Glibc
#endif

/// The rendered SVGs a site keeps inside its output folder for the next build, packed: a few
/// `pack-<hash>.svgs` files of SVGs back to back and an `index` of `key pack offset length`
/// lines, sorted by key. One file per diagram made a corpus build create 3,314 files (2.5 s of
/// system time on the development machine's file system, more than a sixth of the build).
///
/// A build reads cached SVGs from the previous build's packs, appends the ones it renders to a
/// scratch file, and at `finish` makes one new pack holding what it rendered, in the order the
/// build gives (its submission order: the same every build, so a cold build's cache is the same
/// bytes every time), then the live entries of old packs that are mostly dead or small, in key
/// order; an old pack of 1 MiB or more that is at least half live is carried as it is (a hard
/// link). So the folder holds a few packs, and at most half of it is dead. When the scratch file
/// was filled in that order it becomes the pack (the old entries appended to it): a cold
/// corpus build copied 120 MB of SVGs from the scratch file into the pack, a tenth of a second
/// of system time per 40 MB.
final class DiagramPack: @unchecked Sendable {
    struct Location: Equatable, Sendable {
        var pack: String
        var offset: Int
        var length: Int
    }

    static let folder = DiagramCache.folderName
    static let indexPath = folder + "/index"
    /// Below this size a pack is copied into the new one instead of carried.
    static let smallPack = 1 << 20

    private let output: OutputFolder
    /// The previous build's entries whose pack is still there.
    private let previous: [String: Location]
    private let lock = NSLock()
    /// Previous entries this build uses.
    private var live: Set<String> = []
    /// Entries rendered in this build, in the scratch file.
    private var fresh: [String: (offset: Int, length: Int)] = [:]
    private var scratch: OutputFileWriter?
    private var scratchFailed = false
    /// Open descriptors of the previous packs read so far.
    private var readers: [String: Int32] = [:]
    /// An open descriptor of the scratch file, once an SVG written there is read back.
    private var scratchReader: Int32?

    init(output: OutputFolder) {
        self.output = output
        previous = Self.readIndex(in: output)
    }

    deinit {
        for fd in readers.values { close(fd) }
        if let scratchReader { close(scratchReader) }
    }

    /// Whether `read` gives the SVG of `key`: the previous build left it, or this build wrote it.
    func has(_ key: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return previous[key] != nil || fresh[key] != nil
    }

    /// Marks a previous entry as used by this build (it goes into the new output).
    func keep(_ key: String) {
        lock.lock()
        if previous[key] != nil { live.insert(key) }
        lock.unlock()
    }

    /// The SVG of a previous entry, or of one this build wrote.
    func read(_ key: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if let location = previous[key] {
            guard let fd = reader(location.pack) else { return nil }
            return Self.read(fd, offset: location.offset, length: location.length)
        }
        guard let entry = fresh[key], let scratch else { return nil }
        if scratchReader == nil {
            let fd = Glibc.open(scratch.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            scratchReader = fd
        }
        guard let fd = scratchReader else { return nil }
        return Self.read(fd, offset: entry.offset, length: entry.length)
    }

    /// Adds an SVG rendered in this build (best effort: a failed write only costs a re-render).
    func write(_ key: String, _ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard !scratchFailed, fresh[key] == nil else { return }
        do {
            if scratch == nil { scratch = try output.createFile(Self.folder + "/.unsorted", scratch: true) }
            guard let scratch else { return }
            fresh[key] = (try scratch.append(bytes), bytes.count)
        } catch {
            scratchFailed = true
        }
    }

    /// Writes the new pack and the index (after the last `write`): this build's entries in
    /// `order` (keys it did not write are skipped; ones it wrote but `order` lacks follow, sorted).
    func finish(order: [String]) throws {
        lock.lock()
        defer { lock.unlock() }
        var index: [String: Location] = [:]
        var copied: [String] = []
        var carried: Set<String> = []
        let byPack = Dictionary(grouping: live, by: { previous[$0]?.pack ?? "" })
        for (pack, keys) in byPack.sorted(by: { $0.key < $1.key }) where !pack.isEmpty {
            let liveBytes = keys.reduce(0) { $0 + (previous[$1]?.length ?? 0) }
            let size = POSIXFile.stamp(output.path + "/" + Self.folder + "/" + pack)?.size ?? 0
            // A pack is carried whole when at least half of it is used and it is not small (small
            // packs, as one-document rebuilds leave, are merged into the new one).
            if liveBytes * 2 >= size, size >= Self.smallPack, (try? output.carry(Self.folder + "/" + pack)) != nil {
                carried.insert(pack)
                for key in keys { index[key] = previous[key] }
            } else {
                copied += keys
            }
        }
        var ordered: [String] = []
        var placed: Set<String> = []
        for key in order where fresh[key] != nil && placed.insert(key).inserted { ordered.append(key) }
        ordered += fresh.keys.filter { !placed.contains($0) }.sorted()
        copied.sort()
        let newKeys = (ordered + copied).sorted()
        if !newKeys.isEmpty {
            let name = "pack-" + StableHash.hex(newKeys) + ".svgs"
            let path = Self.folder + "/" + name
            if carried.contains(name) {
                // The same entries as a pack carried whole (its bytes are the same): use it.
                for key in newKeys { index[key] = previous[key] }
            } else if let scratch, !scratchFailed,
                zip(ordered, ordered.dropFirst()).allSatisfy({ (fresh[$0]?.offset ?? 0) < (fresh[$1]?.offset ?? 0) })
            {
                // Filled in its final order: the scratch file becomes the pack.
                for key in ordered {
                    if let entry = fresh[key] { index[key] = Location(pack: name, offset: entry.offset, length: entry.length) }
                }
                try appendPrevious(copied, to: scratch, pack: name, index: &index)
                try output.keepScratch(scratch, as: path)
                self.scratch = nil
            } else {
                if let scratch { try? scratch.close() }
                let scratchReader = scratch.map { Glibc.open($0.path, O_RDONLY | O_CLOEXEC) } ?? -1
                defer { if scratchReader >= 0 { close(scratchReader) } }
                let pack = try output.createFile(path)
                for key in ordered {
                    // An entry that cannot be copied is left out: a re-render.
                    guard let entry = fresh[key], scratchReader >= 0,
                        let offset = try? pack.append(from: scratchReader, offset: entry.offset, length: entry.length)
                    else { continue }
                    index[key] = Location(pack: name, offset: offset, length: entry.length)
                }
                try appendPrevious(copied, to: pack, pack: name, index: &index)
                try pack.close()
            }
        }
        if let scratch { output.removeScratch(scratch) }
        guard !index.isEmpty else { return }
        let lines = index.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.pack) \($0.value.offset) \($0.value.length)\n" }
        try output.write(lines.joined(), to: Self.indexPath)
    }

    /// Copies the previous entries `keys` to the end of `file` (the new pack `name`), indexed;
    /// one that cannot be copied (a damaged old pack) is left out: a re-render.
    private func appendPrevious(_ keys: [String], to file: OutputFileWriter, pack name: String, index: inout [String: Location]) throws {
        for key in keys {
            guard let location = previous[key], let fd = reader(location.pack),
                let offset = try? file.append(from: fd, offset: location.offset, length: location.length)
            else { continue }
            index[key] = Location(pack: name, offset: offset, length: location.length)
        }
    }

    /// An open descriptor of a previous pack (lock held).
    private func reader(_ pack: String) -> Int32? {
        if let fd = readers[pack] { return fd }
        let fd = Glibc.open(output.path + "/" + Self.folder + "/" + pack, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        readers[pack] = fd
        return fd
    }

    /// `length` bytes at `offset`; nil when the file is shorter.
    static func read(_ fd: Int32, offset: Int, length: Int) -> [UInt8]? {
        guard length >= 0, offset >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + done }, length - done, off_t(offset + done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
    }

    /// The previous build's index, keeping only entries whose pack it wrote (per its marker);
    /// a malformed line ends the reading (nothing is cached rather than something wrong).
    ///
    /// Split as bytes: `String.split` steps by `Character`, and splitting a corpus site's 3,448
    /// lines and their fields that way was a tenth of the main thread of a rebuild after one
    /// document changed. Offsets and lengths are plain decimal digits, as `finish` writes them.
    static func readIndex(in output: OutputFolder) -> [String: Location] {
        guard let files = output.previousMarker.map({ Set($0.files) }), files.contains(indexPath),
            let data = FileManager.default.contents(atPath: output.path + "/" + indexPath)
        else { return [:] }
        let text = String(decoding: data, as: UTF8.self)
        var index: [String: Location] = [:]
        // Whether the marker lists each pack the lines name (a handful of packs).
        var listed: [String: Bool] = [:]
        func number(_ field: Substring.UTF8View) -> Int? {
            field.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? Int(Substring(field)) : nil
        }
        for line in text.utf8.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count == 4, let offset = number(fields[2]), let length = number(fields[3]) else { return [:] }
            let pack = String(Substring(fields[1]))
            let isListed = listed[pack] ?? files.contains(folder + "/" + pack)
            listed[pack] = isListed
            guard isListed else { continue }
            index[String(Substring(fields[0]))] = Location(pack: pack, offset: offset, length: length)
        }
        return index
    }
}
