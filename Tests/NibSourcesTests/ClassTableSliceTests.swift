import Foundation
import NibModel
import NibParsing
import NibSimulation
import Testing

@testable import NibSources

/// `SimulationOptions.classTable(_:seenBy:)`: a document's runs see only the slice of the class
/// table they can look up, and see the same with it as with the whole table. A site keys each
/// document's pages on the slice (#17: a source edit plans again only the documents whose classes
/// it changes), so a slice that left out a class a run reads would keep stale pages.
@Suite struct ClassTableSliceTests {
    static func graph(_ body: String) throws -> NibGraph {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="OwnerController"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    \(body)
                </objects>
            </document>
            """
        return try NibDocumentParser.parse(data: Data(xml.utf8), file: "Slice.xib", named: URL(fileURLWithPath: "/tmp/Slice.xib"))
    }

    @Test func theSliceHoldsTheDocumentsClassesTheirSuperclassesSubstitutesAndExtendedFrameworkClasses() throws {
        var table: [String: ClassInfo] = [:]
        func add(_ name: String, _ superclass: String?, user: Bool = true, substitute: String? = nil) {
            var info = ClassInfo(name: name, superclass: superclass, isUser: user, keys: ["key\(name)"])
            info.behaviour.awakeAfterUsingCoderReturns = substitute
            info.source = FileLocation(file: "\(name).swift", line: 3, column: 1)
            table[name] = info
        }
        add("OwnerController", "BaseController")
        add("BaseController", "UIViewController")
        add("BadgeView", "UIView", substitute: "ShinyBadgeView")
        add("ShinyBadgeView", "UIView")
        add("UIView", nil, user: false)  // `extension UIView { @IBInspectable … }`
        add("UnusedController", "UIViewController")
        add("UnusedBase", nil)
        let graph = try Self.graph(#"<view contentMode="scaleToFill" id="v1" customClass="BadgeView"/>"#)
        let slice = SimulationOptions.classTable(table, seenBy: graph)
        #expect(Set(slice.keys) == ["OwnerController", "BaseController", "BadgeView", "ShinyBadgeView", "UIView"])
        #expect(slice.values.allSatisfy { $0.source == nil }, "source locations are for check's messages, not for runs")
        var located = slice
        for name in located.keys { located[name]?.source = table[name]?.source }
        #expect(located.allSatisfy { table[$0.key] == $0.value }, "entries are kept whole but for their location")
    }

    /// Overrides (`SourceIndex.overrides(for:)`) replace, remove and add entries: the slice cut
    /// with them is the slice of the table they make.
    @Test func theSliceWithOverridesIsTheSliceOfTheTableTheyMake() throws {
        var table: [String: ClassInfo] = [:]
        for (name, superclass, user) in [
            ("OwnerController", "BaseController", true), ("BaseController", "UIViewController", true), ("BadgeView", "UIView", true),
            ("UIView", nil, false), ("UILabel", "UIView", false),
        ] as [(String, String?, Bool)] {
            table[name] = ClassInfo(name: name, superclass: superclass, isUser: user, keys: ["key\(name)"])
        }
        let graph = try Self.graph(#"<view contentMode="scaleToFill" id="v1" customClass="BadgeView"/>"#)
        let overrides: [String: ClassInfo?] = [
            "OwnerController": ClassInfo(name: "OwnerController", superclass: "OtherBase", keys: ["other"]),
            "OtherBase": ClassInfo(name: "OtherBase", superclass: "UIViewController"),
            "BadgeView": ClassInfo?.none, "UIStackView": ClassInfo(name: "UIStackView", isUser: false),
            // A source class of a framework class's name: no longer a framework class every slice holds.
            "UILabel": ClassInfo(name: "UILabel", superclass: "UIView", isUser: true),
        ]
        var made = table
        for (name, info) in overrides { made[name] = info }
        let slice = SimulationOptions.classTable(table, overriddenBy: overrides, seenBy: graph)
        #expect(slice == SimulationOptions.classTable(made, seenBy: graph))
        #expect(Set(slice.keys) == ["OwnerController", "OtherBase", "UIView", "UIStackView"])
    }

    @Test func theFixtureAppsDocumentsRunTheSameWithTheirSlice() throws {
        let index = try Fixtures.appIndex()
        for name in ["Shop.storyboard", "Prefs.xib"] {
            let url = Fixtures.app.appendingPathComponent("Documents/\(name)")
            let graph = try NibDocumentParser.parse(contentsOf: url)
            try Self.expectSameRuns(graph, index: index, path: url.path)
            // The comparison sees the classes: without the table the same document runs otherwise.
            let runtime = index.runtimeClasses(loading: graph, at: url.path)
            var options = SimulationOptions(classTable: runtime.table)
            options.classesNotFound = runtime.notFound
            #expect(Simulator.run(document: graph, options: options) != Simulator.run(document: graph, options: SimulationOptions()))
        }
    }

    /// Every current document of every re-created source project (skipped without them).
    @Test func corpusDocumentsRunTheSameWithTheirSlice() throws {
        guard let roots = CorpusProjects.roots() else { return }
        var documents = 0
        for project in CorpusProjects.names {
            let sources = roots.sources.appendingPathComponent(project)
            guard FileManager.default.fileExists(atPath: sources.path) else { continue }
            let index = try SourceScanner.scan([sources.path])
            for path in try CorpusProjects.documentPaths(project, in: roots.documents) {
                guard let graph = try? NibDocumentParser.parse(contentsOf: URL(fileURLWithPath: path), displayName: path) else { continue }
                try Self.expectSameRuns(graph, index: index, path: path)
                documents += 1
            }
        }
        print("compared the runs of \(documents) documents with the whole table and with their slice")
    }

    static func expectSameRuns(_ graph: NibGraph, index: SourceIndex, path: String) throws {
        let runtime = index.runtimeClasses(loading: graph, at: path)
        var whole = SimulationOptions(classTable: runtime.table)
        whole.classesNotFound = runtime.notFound
        var sliced = whole
        sliced.classTable = SimulationOptions.classTable(runtime.table, seenBy: graph)
        // A site cuts the slice from the build's table with the document's overrides instead.
        let overridden = SimulationOptions.classTable(index.table, overriddenBy: index.overrides(for: graph), seenBy: graph)
        #expect(overridden == sliced.classTable, "\(path)")
        #expect((sliced.classTable?.count ?? 0) <= runtime.table.count)
        #expect(Simulator.run(document: graph, options: whole) == Simulator.run(document: graph, options: sliced), "\(path)")
        if graph.isStoryboard {
            #expect(Simulator.launch(storyboard: graph, options: whole) == Simulator.launch(storyboard: graph, options: sliced), "\(path)")
        }
    }
}

/// `ScannedFile` as a site's build state keeps it (`.nibviz-state-sources-<n>.bin`, in
/// `CompactBinary`): a file's declarations read back make the index parsing made, and encode to
/// the same bytes.
@Suite struct ScannedFileCodingTests {
    static func encoded(_ file: ScannedFile, path: String) -> [UInt8] {
        var writer = CompactBinary.Writer()
        file.write(to: &writer, path: path)
        return writer.bytes
    }

    static func decoded(_ bytes: [UInt8], path: String) throws -> ScannedFile {
        var reader = CompactBinary.Reader(bytes)
        let file = try ScannedFile(from: &reader, path: path)
        #expect(reader.isAtEnd)
        return file
    }

    @Test func declarationsReadBackMakeTheSameIndex() throws {
        let survey = try SourceScanner.survey([Fixtures.app.path])
        let scanned = try SourceScanner.read(files: survey.files, jobs: 2)
        #expect(scanned.contains { !$0.declarations.stringLiterals.isEmpty && !$0.declarations.identifierUses.isEmpty })
        let bytes = zip(scanned, survey.files).map { Self.encoded($0, path: $1.path) }
        let decoded = try zip(bytes, survey.files).map { try Self.decoded($0, path: $1.path) }
        #expect(zip(decoded, survey.files).map { Self.encoded($0, path: $1.path) } == bytes, "same declarations, same bytes")
        let parsed = SourceScanner.index(scanned, files: survey.files, modules: survey.modules)
        let read = SourceScanner.index(decoded, files: survey.files, modules: survey.modules)
        #expect(read.table == parsed.table && read.identifierUses == parsed.identifierUses && read.byteCount == parsed.byteCount)
        #expect(read.candidates.mapValues { $0.map(\.members) } == parsed.candidates.mapValues { $0.map(\.members) })
        // Literals are kept by digest only (the state is published with the site): a check's
        // question, whether the sources hold a literal, has the same answer.
        #expect(!parsed.stringLiterals.isEmpty && read.stringLiterals.isEmpty)
        #expect(parsed.stringLiterals.allSatisfy { read.mentions($0) && parsed.mentions($0) })
        #expect(!read.mentions("noSuchLiteral") && !parsed.mentions("noSuchLiteral"))
        #expect(parsed.stringLiterals.contains("saved %@"))
        #expect(!bytes.contains { String(decoding: $0, as: UTF8.self).contains("saved %@") }, "no literal's text in the encoding")
        // SHA-256 (FIPS 180-2's test vector), not a hash one could invert, cut to 128 bits.
        #expect(SourceFileDeclarations.digest("abc") == "ba7816bf8f01cfea414140de5dae2223")
        // A file's locations leave out its own path (the cache keys the file by it) and get it back.
        for (index, file) in survey.files.enumerated() {
            let declarations = scanned[index].declarations
            guard !declarations.classes.isEmpty || !declarations.typeMentions.isEmpty else { continue }
            #expect(declarations.classes.allSatisfy { $0.location.file == file.path })
            #expect(!String(decoding: bytes[index], as: UTF8.self).contains(file.path))
            var expected = scanned[index]
            expected.declarations.stringLiteralDigests.formUnion(expected.declarations.stringLiterals.map(SourceFileDeclarations.digest))
            expected.declarations.stringLiterals = []
            #expect(decoded[index] == expected, "\(file.path)")
        }
        #expect(scanned.contains { !$0.declarations.typeMentions.isEmpty })
        // Taken from `earlier`, a file is not read at all (a missing path would fail the scan).
        let missing = SourceFile(path: "/nonexistent/Gone.swift", module: "App", knownModules: [])
        let reused = try SourceScanner.read(files: [missing], earlier: [missing.path: scanned[0]])
        #expect(reused.count == 1 && reused[0].bytes == scanned[0].bytes)
    }

    /// Every field of every type, set to a value other than its default, reads back as written.
    @Test func everyFieldRoundTrips() throws {
        let here = FileLocation(file: "App/Thing.swift", line: 12, column: 5)
        let elsewhere = FileLocation(file: "App/Other.swift", line: 70_000, column: 300)
        var member = SourceMember(.method, "callMeWithSender:", type: "UIButton", isInterfaceBuilder: true, callsSuper: false, at: here)
        member.swift2Name = "callMe:"
        var declarations = SourceFileDeclarations()
        declarations.classes = [
            SourceClassDeclaration(
                name: "Thing", objcName: "XYThing", superclass: "UIViewController", isExtension: true, exposesAllMembers: true,
                language: .objectiveC, module: "App", knownModules: ["App", "AppTests"], location: elsewhere,
                members: [member, SourceMember(.outlet, "label", at: here), SourceMember(.property, "é ✓", callsSuper: true, at: here)]),
            SourceClassDeclaration(
                name: "Plain", isExtension: false, exposesAllMembers: false, language: .swift, module: "M", location: here, members: []),
        ]
        declarations.identifierUses = [
            IdentifierUse(.segue, "show", at: here, receiver: .selfController, enclosingClass: "Thing"),
            IdentifierUse(.storyboardIdentifier, "detail", at: elsewhere, receiver: .namedStoryboard("Main")),
            IdentifierUse(.storyboardName, "Main", at: here, receiver: .ownStoryboard),
            IdentifierUse(.storyboardIdentifier, "", at: here),
        ]
        declarations.stringLiteralDigests = [SourceFileDeclarations.digest("a"), SourceFileDeclarations.digest("b")]
        declarations.typeAliases = ["Alias": ["A", "B"], "Other": []]
        declarations.nonClassTypes = ["Cell", "State"]
        declarations.typeMentions = ["HNHUIScrollView": here, "MASShortcutView": elsewhere]
        declarations.computedIdentifierKinds = [.segue, .storyboardIdentifier]
        let file = ScannedFile(declarations: declarations, bytes: 12_345, digest: "0123456789abcdef0123456789abcdef")
        let bytes = Self.encoded(file, path: "App/Thing.swift")
        #expect(try Self.decoded(bytes, path: "App/Thing.swift") == file)
        // Each read stops with an error, never a crash, wherever the bytes end.
        for end in 0..<bytes.count {
            #expect(throws: CompactBinary.Malformed.self) { try Self.decoded(Array(bytes[..<end]), path: "App/Thing.swift") }
        }
    }

    /// The fields `write(to:path:)` writes, type by type: a field added to one of these types
    /// fails this test until the encoding writes it too (else a rebuild would lose it).
    @Test func theEncodingWritesEveryStoredProperty() {
        func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let here = FileLocation(file: "a", line: 1, column: 1)
        #expect(fields(ScannedFile(declarations: SourceFileDeclarations(), bytes: 0, digest: "")) == ["declarations", "bytes", "digest"])
        #expect(
            fields(SourceFileDeclarations()) == [
                "classes", "identifierUses", "stringLiterals", "stringLiteralDigests", "typeAliases", "nonClassTypes", "typeMentions",
                "computedIdentifierKinds",
            ])
        #expect(
            fields(
                SourceClassDeclaration(
                    name: "", isExtension: false, exposesAllMembers: false, language: .swift, module: "", location: here, members: []))
                == [
                    "name", "objcName", "superclass", "isExtension", "exposesAllMembers", "language", "module", "knownModules", "location",
                    "members",
                ])
        #expect(
            fields(SourceMember(.method, "", at: here)) == [
                "kind", "name", "type", "isInterfaceBuilder", "callsSuper", "location", "swift2Name",
            ])
        #expect(fields(IdentifierUse(.segue, "", at: here)) == ["kind", "identifier", "location", "receiver", "enclosingClass"])
        #expect(fields(here) == ["file", "line", "column"])
    }
}
