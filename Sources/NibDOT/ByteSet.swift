/// A set of byte values, looked up in a 256-entry table: the escaping checks ask of every byte
/// of every name and value of every diagram whether it may be written as is, and a lookup is a
/// fraction of the comparisons it stands for.
struct ByteSet: Sendable {
    private let members: [Bool]

    /// The bytes for which `predicate` holds.
    init(where predicate: (UInt8) -> Bool) { members = (0...255).map { predicate(UInt8($0)) } }

    func contains(_ byte: UInt8) -> Bool { members[Int(byte)] }

    /// Whether every byte of `bytes` is in the set.
    func containsAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        members.withUnsafeBufferPointer { table in bytes.allSatisfy { table[Int($0)] } }
    }

    /// ASCII letters and digits.
    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
