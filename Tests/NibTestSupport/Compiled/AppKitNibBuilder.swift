/// Builds an AppKit compiled nib (`IB.objectdata` → `NSIBObjectData`) the way ibtool lays one
/// out: File's Owner as `NSRoot`, every other object with its parent in
/// `NSObjectsKeys`/`NSObjectsValues`, object ids in `NSOidsKeys`/`NSOidsValues` and connectors in
/// `NSConnections`.
public struct AppKitNibBuilder {
    /// The archive being filled; add objects and strings to it directly.
    public var nib = ArchiveFixture()
    /// File's Owner (`NSRoot`).
    public private(set) var owner = 0
    private var data = 0
    private var members: [(object: Int, parent: Int)] = []
    private var connectors: [Int] = []
    /// Object names (`NSNamesKeys`/`NSNamesValues`), IB's labels; none when empty.
    public var names: [(object: Int, name: String)] = []

    /// Starts a nib whose File's Owner is an `NSCustomObject` of `ownerClass`.
    public init(ownerClass: String = "NSObject") {
        data = nib.object("NSIBObjectData")
        owner = nib.object("NSCustomObject", [("NSClassName", .ref(nib.string(ownerClass)))])
    }

    /// Appends an object below `parent` (File's Owner when nil) and returns its index.
    @discardableResult
    public mutating func add(_ className: String, _ fields: [(String, ArchiveFixture.Value)] = [], parent: Int? = nil) -> Int {
        let object = nib.object(className, fields)
        members.append((object, parent ?? owner))
        return object
    }

    /// A class-swapped object (`NSClassSwapper`): `customClass` instead of `original`.
    @discardableResult
    public mutating func swapped(
        _ customClass: String, original: String, _ fields: [(String, ArchiveFixture.Value)] = [], parent: Int? = nil
    ) -> Int {
        add(
            "NSClassSwapper",
            [("NSClassName", .ref(nib.string(customClass))), ("NSOriginalClassName", .ref(nib.string(original)))] + fields,
            parent: parent)
    }

    /// An `NSNibExternalObjectPlaceholder` of `identifier` (the storyboard, a segue template).
    @discardableResult
    public mutating func externalPlaceholder(_ identifier: String) -> Int {
        add("NSNibExternalObjectPlaceholder", [("NSExternalObjectPlaceholderIdentifier", .ref(nib.string(identifier)))])
    }

    /// An outlet connector.
    public mutating func outlet(_ label: String, from source: Int, to destination: Int) {
        connectors.append(
            nib.object(
                "NSNibOutletConnector",
                [("NSSource", .ref(source)), ("NSDestination", .ref(destination)), ("NSLabel", .ref(nib.string(label)))]))
    }

    /// An action connector; no `target` is First Responder (a nil target).
    public mutating func action(_ selector: String, from source: Int, to target: Int?) {
        connectors.append(
            nib.object(
                "NSNibControlConnector",
                [("NSSource", .ref(source)), ("NSLabel", .ref(nib.string(selector)))] + (target.map { [("NSDestination", .ref($0))] } ?? [])
            ))
    }

    /// A connector of any class: `fields` besides `NSSource` and `NSLabel`.
    public mutating func connector(
        _ className: String, from source: Int, label: String, _ fields: [(String, ArchiveFixture.Value)] = []
    ) {
        connectors.append(
            nib.object(className, [("NSSource", .ref(source)), ("NSLabel", .ref(nib.string(label)))] + fields))
    }

    /// User-defined runtime attributes set on `object` (`NSIBUserDefinedRuntimeAttributesConnector`).
    public mutating func runtimeAttributes(on object: Int, _ pairs: [(keyPath: String, value: Int)]) {
        connectors.append(
            nib.object(
                "NSIBUserDefinedRuntimeAttributesConnector",
                [
                    ("NSObject", .ref(object)), ("NSKeyPaths", .ref(nib.array(pairs.map { nib.string($0.keyPath) }))),
                    ("NSValues", .ref(nib.array(pairs.map(\.value)))),
                ]))
    }

    /// The finished archive: ids numbered 1… in order (File's Owner, objects, connectors).
    public mutating func build() -> ArchiveFixture {
        let numbered = [owner] + members.map(\.object) + connectors
        nib.append(
            [
                ("NSRoot", .ref(owner)),
                ("NSObjectsKeys", .ref(nib.array(members.map(\.object)))),
                ("NSObjectsValues", .ref(nib.array(members.map(\.parent)))),
                ("NSOidsKeys", .ref(nib.array(numbered))),
                ("NSOidsValues", .ref(nib.array(numbered.indices.map { nib.add(.number(Int64($0 + 1))) }))),
                ("NSVisibleWindows", .ref(nib.array([], className: "NSMutableSet"))),
                ("NSConnections", .ref(nib.array(connectors, className: "NSMutableArray"))),
            ], to: data)
        if !names.isEmpty {
            nib.append(
                [
                    ("NSNamesKeys", .ref(nib.array(names.map(\.object)))),
                    ("NSNamesValues", .ref(nib.array(names.map { nib.string($0.name) }))),
                ], to: data)
        }
        nib.setRoot([("IB.objectdata", .ref(data))])
        return nib
    }
}
