/// DOT text being written, as UTF-8 bytes made into a string once at the end: a graph's text is
/// built from many small pieces (names, quotes, attributes), and appending bytes costs a
/// fraction of appending strings.
struct DOTText {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    static func += (text: inout DOTText, piece: String) {
        text.bytes.append(contentsOf: piece.utf8)
    }

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
