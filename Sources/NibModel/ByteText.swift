/// Text built from many small pieces (DOT names, quotes and attributes; the rows of a page's
/// tables), as UTF-8 bytes made into a string once at the end: appending bytes costs a fraction
/// of appending strings (`String.append` was ~360 instructions a piece, 12 % of a corpus site's
/// own work). The bytes sit in a buffer of its own, grown by doubling, not an `Array`: its
/// generic `append(contentsOf:)` checks uniqueness and capacity through the array's buffer for
/// every piece. A class, so its buffer is freed once, when it goes.
public final class ByteText {
    // Unchecked: a text is appended to by one thread, and the runtime's dynamic exclusivity
    // check on a class's stored property (outside its module, where `append` is inlined) cost
    // more than the appends themselves.
    @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline @exclusivity(unchecked) var capacity: Int

    /// An empty text with room for `capacity` bytes.
    public init(capacity: Int = 0) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether nothing was appended.
    public var isEmpty: Bool { count == 0 }

    /// Empties the text, keeping its buffer (one scratch text serves a diagram's labels).
    public func removeAll() { count = 0 }

    /// A literal piece (`" -> "`, `"</td><td>"`): its bytes copied from the binary, where a
    /// `String` piece went through the string's UTF-8 view.
    @inlinable
    public static func += (text: ByteText, piece: StaticString) {
        // A literal is stored as a pointer to its bytes, or (one scalar) as the scalar itself.
        guard piece.hasPointerRepresentation else {
            piece.withUTF8Buffer { text.append($0) }
            return
        }
        text.append(UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
    }

    /// A piece of text, as is.
    @inlinable
    public static func += (text: ByteText, piece: String) { text.append(piece) }

    /// One byte (a quote around every DOT name and value).
    @inlinable
    public func append(byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// A piece of text, copied from its contiguous UTF-8.
    @inlinable
    public func append(_ piece: String) {
        piece.withUTF8Bytes { append($0) }
    }

    /// Bytes that are UTF-8 (or a whole number of characters of it).
    @inlinable
    public func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        if count + piece.count > capacity { grow(toHold: count + piece.count) }
        (base + count).initialize(from: source, count: piece.count)
        count += piece.count
    }

    /// A decimal number.
    public func append(_ number: Int) {
        guard number >= 0, number < 10 else { return append(String(number)) }
        append(byte: UInt8(ascii: "0") + UInt8(number))
    }

    @usableFromInline
    func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = larger
    }

    /// The text as a string. The standard library checks UTF-8 a byte at a time once a text
    /// holds one byte outside ASCII (a title's dash, every event tooltip's `·`), and eight at a
    /// time while it is ASCII. A short text is checked whole; a long one (a corpus site's DOT runs
    /// to about 100 MB; checked whole it was 2 % of a build's own CPU) is made in runs: each long
    /// ASCII run checked as such, the bytes between them (other characters, and ASCII gaps too
    /// short to be worth a run of their own: `·` twice in every event's tooltip) checked as one.
    public var string: String {
        let bytes = UnsafeBufferPointer(start: base, count: count)
        var end = UTF8Validation.asciiPrefix(UnsafeRawBufferPointer(bytes), from: 0)
        guard end < count, count > Self.wholeLimit else { return String(decoding: bytes, as: UTF8.self) }
        var text = ""
        text.reserveCapacity(count)
        var start = 0
        while start < count {
            if end > start { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            start = end
            // The mixed part runs on until an ASCII run of at least `runLimit` bytes (or the end).
            while end < count {
                while end < count, bytes[end] >= 0x80 { end += 1 }
                let asciiEnd = UTF8Validation.asciiPrefix(UnsafeRawBufferPointer(bytes), from: end)
                if asciiEnd - end >= Self.runLimit || asciiEnd == count { break }
                end = asciiEnd
            }
            if end > start { text += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) }
            start = end
            end = UTF8Validation.asciiPrefix(UnsafeRawBufferPointer(bytes), from: start)
        }
        return text
    }

    /// Texts up to this many bytes are made into a string in one piece.
    @usableFromInline static let wholeLimit = 1024
    /// ASCII runs shorter than this inside a long text are checked with the characters around them.
    @usableFromInline static let runLimit = 64
}
