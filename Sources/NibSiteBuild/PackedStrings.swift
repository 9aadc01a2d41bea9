import NibSite

/// A list of strings kept as one space-separated string when no value is empty or holds a
/// space (every id and nearly every reference of a page), else as the list. Encoded the same
/// way, so the build state's largest part, the anchors and references of every page, is read
/// and written as one JSON string per list (a space needs no JSON escape, which keeps the
/// reader on its fast path) and split only for the few pages a rebuild looks into. Reads the
/// plain array an earlier nibviz wrote too.
struct PackedStrings: Codable, Sendable, Equatable {
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

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let joined = try? container.decode(String.self) {
            storage = .joined(joined)
        } else {
            storage = .list(try container.decode([String].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .joined(let joined): try container.encode(joined)
        case .list(let values): try container.encode(values)
        }
    }
}
