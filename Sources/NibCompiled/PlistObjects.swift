import NibModel

/// One property-list object, shallow: containers list the indices of their members, so a
/// reader never recurses (cycles and deep nesting cost nothing).
enum PlistValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A keyed archive's reference to `$objects[n]` (binary UID; `CF$UID` in XML).
    case uid(Int)
    case array([Int])
    case dictionary([(key: Int, value: Int)])
}

/// The objects of a property list, by index, whichever form it was stored in: binary
/// (`BinaryPlistDecoder`) or XML (`XMLPlistDecoder`). `KeyedArchiveDecoder` reads either.
protocol PlistObjects {
    /// The index of the top object.
    var top: Int { get }
    /// How many objects there are.
    var count: Int { get }
    /// Object `index` (shallow).
    func value(_ index: Int) throws -> PlistValue
    /// Where object `index` starts in the file, in bytes (for messages about archived objects).
    func offset(of index: Int) -> Int
    /// An error about object `index`, located in the file.
    func error(_ message: String, object index: Int) -> LocatedError
    /// Where each line starts, when the list is text (`ArchivedObjectTable.lineStarts`).
    var lineStarts: [Int]? { get }
}
