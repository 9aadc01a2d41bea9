import Foundation
import NibModel

/// Reads compiled nibs — single files, `.nib` bundle folders and `.storyboardc` folders — into
/// the same `NibGraph` the XML readers produce.
public enum CompiledNibParser {
    /// The compiled container `bytes` start with, if any.
    public static func container(_ bytes: some Collection<UInt8>) -> NibGraph.Format? {
        if bytes.starts(with: NIBArchiveDecoder.magic) { return .nibArchive }
        if bytes.starts(with: BinaryPlistDecoder.magic) || XMLPlistDecoder.isKeyedArchive(bytes) { return .keyedArchive }
        return nil
    }

    /// NSArchiver's stream header: a version byte 4, then an 11-byte string, `typedstream`
    /// (big-endian writer) or `streamtyped` (little-endian), as Interface Builder 2 wrote a nib
    /// bundle's `objects.nib`.
    public static func isTypedStream(_ bytes: some Collection<UInt8>) -> Bool {
        let header = Array(bytes.prefix(13))
        guard header.count == 13, header[0] == 4, header[1] == 11 else { return false }
        let name = header[2...]
        return name.elementsEqual("typedstream".utf8) || name.elementsEqual("streamtyped".utf8)
    }

    /// What every reader says of such a file (R-CHK-10: a note in `check`).
    public static func typedStreamError(file: String) -> LocatedError {
        LocatedError(
            at: FileLocation(file: file),
            "an Interface Builder 2 nib archived by NSArchiver (typedstream), a format nibviz does not read: it reads keyed archives (Interface Builder 3 and later); open it in Interface Builder 3 and save it as a .xib to read it",
            readerLimitation: true)
    }

    /// Reads one compiled nib file's bytes; `file` names it in the graph and in messages.
    public static func parse(data: Data, file: String) throws -> NibGraph { try decode(data: data, file: file).graph }

    /// A compiled nib's graph plus what a storyboard scene nib tells its view nib.
    struct Decoded {
        var graph: NibGraph
        /// `UIExternalObjectsTableForViewLoading`: view-nib placeholder identifier → scene object.
        var externalObjects: [String: ObjectID] = [:]
    }

    static func decode(data: Data, file: String) throws -> Decoded {
        let bytes = [UInt8](data)
        let table: ArchivedObjectTable
        let format: NibGraph.Format
        switch container(bytes) {
        case .nibArchive?:
            (table, format) = (try NIBArchiveDecoder.decode(bytes, file: file), .nibArchive)
        case .keyedArchive?:
            (table, format) = (try KeyedArchiveDecoder.decode(bytes, file: file), .keyedArchive)
        default:
            if isTypedStream(bytes) { throw typedStreamError(file: file) }
            if let pointer = GitLFSPointer.error(data, file: file) { throw pointer }
            throw ByteCursor.error(file: file, at: 0, "not a compiled nib (neither NIBArchive nor a property list, binary or XML)")
        }
        return try read(table, format: format)
    }

    static func read(_ table: ArchivedObjectTable, format: NibGraph.Format) throws -> Decoded {
        if let objectData = IBObjectDataReader.objectData(in: table) {
            var reader = IBObjectDataReader(table: table, format: format)
            let graph = reader.read(objectData: objectData)
            return Decoded(graph: graph, externalObjects: reader.externalObjects)
        }
        if table.object(table.root)?["UINibObjectsKey"] != nil || table.object(table.root)?["UINibTopLevelObjectsKey"] != nil {
            var reader = UIKitNibReader(table: table, format: format)
            let graph = reader.read()
            return Decoded(graph: graph, externalObjects: reader.externalObjects)
        }
        let (location, message) = table.located(
            "\(table.container) is not a nib: its root has neither IB.objectdata nor UINibObjectsKey",
            at: table.object(table.root)?.offset ?? 0)
        throw LocatedError(at: location, message)
    }

    /// A compiled `.nib` bundle folder: `keyedobjects.nib` (or the newest `keyedobjects-NNNNNN.nib`
    /// variant when there is no plain one), else `runtime.nib`, else the newest `objects-*.nib`.
    public static func parse(bundle url: URL, name: String) throws -> NibGraph { try decode(bundle: url, name: name).graph }

    static func decode(bundle url: URL, name: String) throws -> Decoded {
        // Numeric order, so `objects-13.0+.nib` is newer than `objects-8.0+.nib`.
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted {
            $0.compare($1, options: .numeric) == .orderedAscending
        }
        let preferred =
            contents.first { $0 == "keyedobjects.nib" }
            ?? contents.last { $0.hasPrefix("keyedobjects") && $0.hasSuffix(".nib") }
            ?? contents.first { $0 == "runtime.nib" }
            ?? contents.last { $0.hasPrefix("objects") && $0.hasSuffix(".nib") }
        guard let chosen = preferred else {
            throw LocatedError(
                at: FileLocation(file: name), "a .nib folder without designable.nib, keyedobjects*.nib, runtime.nib or objects-*.nib")
        }
        var decoded = try decode(contentsOf: url.appendingPathComponent(chosen), name: name + "/" + chosen)
        let others = contents.filter { $0 != chosen && $0.hasSuffix(".nib") && $0 != "designable.nib" }
        if !others.isEmpty {
            decoded.graph.diagnostics.append(
                Diagnostic(
                    .note, at: FileLocation(file: decoded.graph.file),
                    "bundle also holds \(others.joined(separator: ", ")) (variants for other OS versions; not read)"))
        }
        return decoded
    }

    /// Reads a compiled nib file from disk.
    static func decode(contentsOf url: URL, name: String) throws -> Decoded {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocatedError(at: FileLocation(file: name), "cannot read file: \(error.localizedDescription)")
        }
        return try decode(data: data, file: name)
    }
}
