/// Encodes an `ArchiveFixture` the way `NSKeyedArchiver` does: `$objects[0]` is `$null`,
/// fixture item `i` is `$objects[i + 1]`, objects are dictionaries with a `$class` UID, strings
/// and numbers are plain values, collections `NS.objects` UID lists; item 0's fields are `$top`.
public enum KeyedArchiveWriter {
    public static func encode(_ fixture: ArchiveFixture) -> [UInt8] { BinaryPlistWriter.encode(plist(fixture)) }

    /// The same archive as an XML property list, as Interface Builder 2 and 3 could save a nib
    /// bundle's `keyedobjects.nib`.
    public static func encodeXML(_ fixture: ArchiveFixture) -> [UInt8] { XMLPlistWriter.encode(plist(fixture)) }

    /// The archive's property list.
    public static func plist(_ fixture: ArchiveFixture) -> BinaryPlistWriter.Value {
        var objects: [BinaryPlistWriter.Value] = [.string("$null")]
        var classUIDs: [String: Int] = [:]
        var classDescriptions: [(String, Int)] = []
        let firstClass = fixture.items.count + 1
        func classUID(_ name: String) -> Int {
            if let uid = classUIDs[name] { return uid }
            let uid = firstClass + classDescriptions.count
            classUIDs[name] = uid
            classDescriptions.append((name, uid))
            return uid
        }
        func uid(_ index: Int) -> BinaryPlistWriter.Value { .uid(index + 1) }
        func plist(_ value: ArchiveFixture.Value) -> BinaryPlistWriter.Value {
            switch value {
            case .int(let number): .int(number)
            case .double(let number): .real(number)
            case .bool(let flag): .bool(flag)
            case .data(let bytes): .data(bytes)
            case .null: .uid(0)
            case .ref(let index): uid(index)
            }
        }
        var top: [(String, BinaryPlistWriter.Value)] = []
        for (index, item) in fixture.items.enumerated() {
            switch item {
            case .object(let name, let fields):
                if index == 0 { top = fields.map { ($0.0, plist($0.1)) } }
                objects.append(.dictionary([("$class", .uid(classUID(name)))] + fields.map { ($0.0, plist($0.1)) }))
            case .string(let text): objects.append(.string(text))
            case .number(let number): objects.append(.int(number))
            case .collection(let name, let members):
                objects.append(.dictionary([("$class", .uid(classUID(name))), ("NS.objects", .array(members.map(uid)))]))
            case .dictionary(let pairs):
                objects.append(
                    .dictionary([
                        ("$class", .uid(classUID("NSDictionary"))), ("NS.keys", .array(pairs.map { uid($0.0) })),
                        ("NS.objects", .array(pairs.map { uid($0.1) })),
                    ]))
            }
        }
        for (name, _) in classDescriptions {
            objects.append(.dictionary([("$classname", .string(name)), ("$classes", .array([.string(name), .string("NSObject")]))]))
        }
        return .dictionary([
            ("$archiver", .string("NSKeyedArchiver")), ("$version", .int(100_000)), ("$top", .dictionary(top)),
            ("$objects", .array(objects)),
        ])
    }
}
