/// DOT text being written, as UTF-8 bytes made into a string once at the end: a graph's text is
/// built from many small pieces (names, quotes, attributes), and appending bytes costs a
/// fraction of appending strings.
struct DOTText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// A piece of the syntax (`" -> "`, `"]"`): its bytes copied from the binary, where a
    /// `String` piece went through the string's UTF-8 view (a tenth of encoding a graph).
    static func += (text: inout DOTText, piece: StaticString) {
        piece.withUTF8Buffer { text.bytes.append(contentsOf: $0) }
    }

    /// A piece of text, copied from its contiguous UTF-8.
    mutating func append(_ piece: String) {
        var piece = piece
        piece.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
