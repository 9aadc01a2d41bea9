/// A compiled nib's objects as tests describe them; `NIBArchiveWriter` and
/// `KeyedArchiveWriter` encode the same fixture in either container.
public struct ArchiveFixture: Sendable {
    /// A value stored under a key.
    public enum Value: Sendable {
        case int(Int64)
        case double(Double)
        case bool(Bool)
        case data([UInt8])
        case null
        /// A reference to the fixture object at this index.
        case ref(Int)
    }

    /// One archived thing: an object with keyed values, or a string, number or collection,
    /// which the two containers encode differently.
    public enum Item: Sendable {
        case object(String, [(String, Value)])
        case string(String)
        case number(Int64)
        /// An array or set (`NSArray`, `NSMutableArray`, `NSMutableSet`) of object indices.
        case collection(String, [Int])
        /// A dictionary (`NSDictionary`) of key and value object indices.
        case dictionary([(Int, Int)])
    }

    /// The items; item 0 is the root (NIBArchive object 0, a keyed archive's `$top`).
    public private(set) var items: [Item] = [.object("NSObject", [])]

    public init() {}

    /// Appends an item and returns its index.
    @discardableResult
    public mutating func add(_ item: Item) -> Int {
        items.append(item)
        return items.count - 1
    }

    /// Appends an object.
    public mutating func object(_ className: String, _ fields: [(String, Value)] = []) -> Int { add(.object(className, fields)) }

    /// Appends a string.
    public mutating func string(_ text: String) -> Int { add(.string(text)) }

    /// Appends an `NSArray` (or another collection class).
    public mutating func array(_ members: [Int], className: String = "NSArray") -> Int { add(.collection(className, members)) }

    /// Adds fields to an object already appended (to close cycles: a view and its superview).
    public mutating func append(_ fields: [(String, Value)], to index: Int) {
        guard case .object(let name, let existing) = items[index] else { return }
        items[index] = .object(name, existing + fields)
    }

    /// Sets the root object's fields.
    public mutating func setRoot(_ fields: [(String, Value)]) { items[0] = .object("NSObject", fields) }
}
