import Foundation
import NibParsing
import NibTestSupport
import Testing

/// Hostile compiled nibs: truncations, wrong counts and offsets, varint overflows, unknown
/// value types, dangling references and cycles end in a located error (a byte offset) or a
/// diagnostic, never a crash.
@Suite struct CompiledRobustnessTests {
    static let uikit = NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView())
    static let keyed = KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences())

    /// The parse error of `bytes`, asserting it names a byte offset inside the file.
    static func failure(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            _ = try NibDocumentParser.parse(data: Data(bytes), file: "h.nib")
            return nil
        } catch let error as LocatedError {
            let offset = error.message.split(separator: ":").first.flatMap { Int($0.dropFirst("byte ".count)) }
            #expect(error.location.file == "h.nib" && error.message.hasPrefix("byte "), "\(error)", sourceLocation: sourceLocation)
            #expect(offset.map { (0...bytes.count).contains($0) } == true, "\(error)", sourceLocation: sourceLocation)
            return error.message
        } catch {
            Issue.record("not a located error: \(error)", sourceLocation: sourceLocation)
            return "\(error)"
        }
    }

    @Test(arguments: ["NIBArchive", "keyed archive"])
    func everyTruncationIsALocatedError(container: String) {
        let bytes = container == "NIBArchive" ? Self.uikit : Self.keyed
        for length in 10..<bytes.count {
            #expect(Self.failure(Array(bytes.prefix(length))) != nil, "\(container) cut at \(length) parsed")
        }
    }

    /// Overwrites the 32-bit little-endian header field `field` (0 = format version).
    static func header(_ field: Int, _ value: UInt32) -> [UInt8] {
        var bytes = uikit
        for index in 0..<4 { bytes[10 + 4 * field + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
        return bytes
    }

    @Test func wrongNIBArchiveCountsAndOffsetsAreLocated() {
        #expect(
            Self.failure(Self.header(2, 0xFFFF_FFFF))
                == "byte 18: object count 4294967295 is more than a \(Self.uikit.count)-byte file can hold")
        #expect(Self.failure(Self.header(6, 1_000_000))?.hasPrefix("byte 34: value count 1000000 is more than") == true)
        #expect(Self.failure(Self.header(3, 0x7FFF_FFFF))?.contains("objects table offset 2147483647 is outside the file") == true)
        #expect(Self.failure(Self.header(5, UInt32(Self.uikit.count - 2)))?.contains("truncated") == true)
    }

    @Test func aVarintOverflowIsLocated() {
        // The keys table starts with a key length: make it eleven continuation bytes.
        var bytes = Self.uikit
        let keysOffset = Int(bytes[30]) | Int(bytes[31]) << 8
        bytes.replaceSubrange(keysOffset..<keysOffset + 1, with: [UInt8](repeating: 0x7F, count: 10) + [0x81])
        #expect(Self.failure(bytes) == "byte \(keysOffset): key 0 length: variable-length integer overflows 63 bits")
    }

    @Test func unknownValueTypesAndDanglingReferencesAreLocated() {
        var fixture = ArchiveFixture()
        let view = fixture.object("UIView")
        fixture.setRoot([("UINibObjectsKey", .ref(fixture.array([view])))])
        var bytes = NIBArchiveWriter.encode(fixture)
        let valuesOffset = Int(bytes[38]) | Int(bytes[39]) << 8
        bytes[valuesOffset + 1] = 11  // the first value's type byte
        #expect(Self.failure(bytes) == "byte \(valuesOffset + 1): value 0 has unknown value type 11")
        // A reference past the objects table.
        var dangling = NIBArchiveWriter.encode(fixture)
        let first = Int(dangling[38]) | Int(dangling[39]) << 8
        dangling[first + 2] = 0xEE
        #expect(Self.failure(dangling)?.contains("refers to object 238, but there are 3 objects") == true)
    }

    @Test func sharedValueRangesAndRepeatedPlistMembersAreRefusedNotCopied() {
        // Two objects claiming the same values would let a small file expand quadratically.
        var fixture = ArchiveFixture()
        _ = fixture.object("UIView", [("UIOpaque", .bool(true))])
        var bytes = NIBArchiveWriter.encode(fixture)
        let objectsOffset = Int(bytes[22]) | Int(bytes[23]) << 8
        // Object 1 (class, first value, count): point its first value at object 0's run (value 0).
        bytes[objectsOffset + 3 + 1] = 0x80
        bytes[objectsOffset + 3 + 2] = 0x81
        bytes[objectsOffset + 2] = 0x81
        #expect(Self.failure(bytes)?.contains("overlapping value ranges") == true)
        // A keyed archive whose $objects repeat one big dictionary 60 000 times.
        let big = BinaryPlistWriter.Value.dictionary((0..<100).map { ("k\($0)", .int(Int64($0))) })
        var plist = BinaryPlistWriter.encode(
            .dictionary([("$top", .dictionary([])), ("$objects", .array([.string("$null"), big]))]))
        // Rewrite the $objects array (2 members) to repeat member 1: append a new array object.
        let trailer = plist.count - 32
        let tableOffset = plist[trailer + 24..<trailer + 32].reduce(0) { $0 << 8 | Int($1) }
        let count = plist[trailer + 8..<trailer + 16].reduce(0) { $0 << 8 | Int($1) }
        var offsets = (0..<count).map { index in
            plist[tableOffset + 4 * index..<tableOffset + 4 * index + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        plist.removeSubrange(tableOffset...)
        // Find the $objects array: the array object with two members (marker 0xA2).
        guard let arrayIndex = offsets.firstIndex(where: { plist[$0] == 0xA2 }) else {
            Issue.record("no two-member array in the fixture plist")
            return
        }
        let members = Array(plist[offsets[arrayIndex] + 1..<offsets[arrayIndex] + 5])
        offsets[arrayIndex] = plist.count
        plist += [0xAF, 0x12, 0x00, 0x00, 0xEA, 0x60] + members[0..<2]
        for _ in 1..<60_000 { plist += members[2..<4] }
        let newTable = plist.count
        for offset in offsets { plist += (0..<4).reversed().map { UInt8(truncatingIfNeeded: offset >> (8 * $0)) } }
        plist += [0, 0, 0, 0, 0, 0, 4, 2] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
        plist += [UInt8](repeating: 0, count: 8) + (0..<8).reversed().map { UInt8(truncatingIfNeeded: newTable >> (8 * $0)) }
        #expect(Self.failure(plist)?.contains("repeat beyond what the file size allows") == true)
    }

    @Test func aPrototypeNibNamedThousandsOfTimesIsReadWithinABudget() throws {
        var nib = ArchiveFixture()
        let inner = nib.object("NSData", [("NS.bytes", .data(NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView())))])
        let uinib = nib.object("UINib", [("archiveData", .ref(inner))])
        let pairs = (0..<2000).map { (nib.string("Cell\($0)"), uinib) }
        let table = nib.object("UITableView", [("UITableViewCellPrototypeNibs", .ref(nib.add(.dictionary(pairs))))])
        nib.setRoot([("UINibObjectsKey", .ref(nib.array([table])))])
        let bytes = NIBArchiveWriter.encode(nib)
        let graph = try NibDocumentParser.parse(data: Data(bytes), file: "r.nib")
        let expanded = graph.objects.filter { $0.className == "UIView" }.count
        #expect(expanded > 0 && expanded <= 4 * bytes.count / 1000, "\(expanded) prototype nibs read from \(bytes.count) bytes")
        #expect(graph.diagnostics.contains { $0.message.contains("repeat beyond what the file size allows") })
    }

    @Test func viewAndParentCyclesAreDiagnosedNotLooped() throws {
        var uikit = ArchiveFixture()
        let first = uikit.object("UIView")
        let second = uikit.object("UIView", [("UISubviews", .ref(uikit.array([first])))])
        uikit.append([("UISubviews", .ref(uikit.array([second])))], to: first)
        uikit.setRoot([("UINibObjectsKey", .ref(uikit.array([first])))])
        let views = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(uikit)), file: "c.nib")
        #expect(views.objects.count == 2)
        #expect(views.diagnostics.contains { $0.message.contains("parent cycle") })

        var appkit = ArchiveFixture()
        let data = appkit.object("NSIBObjectData")
        let owner = appkit.object("NSCustomObject")
        let a = appkit.object("NSView")
        let b = appkit.object("NSView")
        appkit.append(
            [("NSRoot", .ref(owner)), ("NSObjectsKeys", .ref(appkit.array([a, b]))), ("NSObjectsValues", .ref(appkit.array([b, a])))],
            to: data)
        appkit.setRoot([("IB.objectdata", .ref(data))])
        let parents = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(appkit)), file: "c.nib")
        #expect(parents.objects.count == 3)
        #expect(parents.diagnostics.filter { $0.message.contains("parent cycle") }.count == 2)
    }

    @Test func brokenBinaryPlistTrailersAreLocated() {
        func patched(_ offsetFromEnd: Int, _ bytes: [UInt8]) -> [UInt8] {
            var copy = Self.keyed
            copy.replaceSubrange(copy.count - offsetFromEnd..<copy.count - offsetFromEnd + bytes.count, with: bytes)
            return copy
        }
        let trailer = Self.keyed.count - 32
        #expect(Self.failure(patched(24, [0x7F, 0, 0, 0, 0, 0, 0, 0]))?.hasPrefix("byte \(trailer + 8): object count") == true)
        #expect(Self.failure(patched(16, [0, 0, 0, 0, 0, 0, 0xFF, 0]))?.hasPrefix("byte \(trailer + 16): top object") == true)
        #expect(Self.failure(patched(8, [0, 0, 0, 0, 0, 0, 0, 1]))?.hasPrefix("byte \(trailer + 24): offset table") == true)
        #expect(Self.failure(patched(26, [9]))?.hasPrefix("byte \(trailer + 6): trailer sizes 9/2") == true)
        let plain = BinaryPlistWriter.encode(.dictionary([("$top", .dictionary([])), ("$archiver", .string("NSKeyedArchiver"))]))
        #expect(Self.failure(plain)?.hasSuffix("not a keyed archive: no $objects array") == true)
        let dangling = BinaryPlistWriter.encode(
            .dictionary([("$top", .dictionary([("root", .uid(99))])), ("$objects", .array([.string("$null")]))]))
        #expect(Self.failure(dangling)?.hasSuffix("UID 99 is not among the 1 archived objects") == true)
    }

    /// Thousands of mutations of both encodings (flips, overwrites with extreme bytes, cuts,
    /// duplicated runs) with a fixed seed: each reads or fails with a located error.
    @Test(arguments: ["NIBArchive", "keyed archive"])
    func mutatedArchivesNeverCrash(container: String) {
        let seed = container == "NIBArchive" ? Self.uikit : Self.keyed
        var random = SplitMix64(seed: 0x6E69_6276_697A)
        var parsed = 0
        for _ in 0..<2500 {
            var bytes = seed
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let at = 10 + Int(random.next() % UInt64(bytes.count - 10))
                switch random.next() % 5 {
                case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
                case 1: bytes[at] = [0x00, 0xFF, 0x7F, 0x80, 0x0F][Int(random.next() % 5)]
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 16)], at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
                if bytes.count <= 11 { break }
            }
            if Self.failure(bytes) == nil { parsed += 1 }
        }
        // Some mutations only touch payload (names, numbers) and still read.
        #expect(parsed > 0 && parsed < 2500)
    }
}

/// The fuzz harness's compiled-nib seeds (`Tests/Fuzz/seeds/nibarchive`, `…/keyedarchive`) are
/// the test encoders' output: this test fails when they drift, and writes them when missing or
/// with `NIBVIZ_UPDATE_GOLDEN=1`.
@Suite struct CompiledFuzzSeedTests {
    static let seeds: [(path: String, bytes: @Sendable () -> [UInt8])] = [
        ("nibarchive/login-view.nib", { NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()) }),
        ("nibarchive/prefs.nib", { NIBArchiveWriter.encode(CompiledFixtures.appKitPreferences()) }),
        ("keyedarchive/prefs.nib", { KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences()) }),
        ("keyedarchive/login-view.nib", { KeyedArchiveWriter.encode(CompiledFixtures.uikitLoginView()) }),
        // A macOS storyboard scene nib: split and tab items, segue templates, external objects.
        (
            "keyedarchive/mac-containers-scene.nib",
            {
                KeyedArchiveWriter.encode(
                    CompiledFixtures.macContainersWindowScene(popover: "P", embedded: "E", reference: "R"))
            }
        ),
    ]

    @Test(arguments: seeds.map(\.path))
    func aFuzzSeedIsTheEncodersOutput(path: String) throws {
        let expected = Data(try #require(Self.seeds.first { $0.path == path }).bytes())
        let url = TestPaths.packageRoot.appendingPathComponent("Tests/Fuzz/seeds/" + path)
        let update = ProcessInfo.processInfo.environment["NIBVIZ_UPDATE_GOLDEN"] == "1"
        guard !update, let stored = try? Data(contentsOf: url) else {
            try expected.write(to: url)
            if !update { Issue.record("fuzz seed \(path) was missing and has been written") }
            return
        }
        #expect(stored == expected, "\(path) differs from the encoder's output (NIBVIZ_UPDATE_GOLDEN=1 to rewrite)")
        _ = try NibDocumentParser.parse(data: stored, file: path)
    }
}
