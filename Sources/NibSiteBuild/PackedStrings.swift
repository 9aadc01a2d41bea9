import NibModel
import NibSite

/// A list of strings kept as one space-separated string when no value is empty or holds a
/// space (every id and nearly every reference of a page), else as the list. Written the same
/// way (`CompactBinary`), so the build state's largest part, the anchors and references of
/// every page, is read and written as one string per list and split only for the few pages a
/// rebuild looks into.
struct PackedStrings: Sendable, Equatable {
    private enum Storage: Equatable {
        case joined(String)
        case list([String])
    }

    private let storage: Storage

    init(_ values: [String]) {
        if values.contains(where: { $0.isEmpty || $0.utf8.contains(UInt8(ascii: " ")) }) {
            storage = .list(values)
        } else {
            storage = .joined(values.joined(separator: " "))
        }
    }

    /// The values, in order.
    var values: [String] {
        switch storage {
        case .list(let values): return values
        case .joined(let joined): return ByteSeparated.split(joined, at: UInt8(ascii: " "))
        }
    }

    /// Appends these strings in `CompactBinary`, as they are stored.
    func write(to writer: inout CompactBinary.Writer) {
        switch storage {
        case .joined(let joined):
            writer.byte(0)
            writer.string(joined)
        case .list(let values):
            writer.byte(1)
            writer.strings(values)
        }
    }

    /// Reads strings `write(to:)` wrote.
    init(from reader: inout CompactBinary.Reader) throws {
        switch try reader.byte() {
        case 0: storage = .joined(try reader.string())
        case 1: storage = .list(try reader.strings())
        case let tag: throw reader.malformed("packed strings stored as \(tag)")
        }
    }
}
