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

/// `ScannedFile` as a site's build state keeps it (`.nibviz-state-sources-<n>.json`): a file's
/// declarations read back from JSON make the index parsing made, and encode to the same bytes.
@Suite struct ScannedFileCodingTests {
    @Test func declarationsReadBackFromJSONMakeTheSameIndex() throws {
        let survey = try SourceScanner.survey([Fixtures.app.path])
        let scanned = try SourceScanner.read(files: survey.files, jobs: 2)
        #expect(scanned.contains { !$0.declarations.stringLiterals.isEmpty && !$0.declarations.identifierUses.isEmpty })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = try encoder.encode(scanned)
        let decoded = try JSONDecoder().decode([ScannedFile].self, from: bytes)
        #expect(try encoder.encode(decoded) == bytes, "same declarations, same bytes")
        let parsed = SourceScanner.index(scanned, files: survey.files, modules: survey.modules)
        let read = SourceScanner.index(decoded, files: survey.files, modules: survey.modules)
        #expect(read.table == parsed.table && read.identifierUses == parsed.identifierUses && read.byteCount == parsed.byteCount)
        // Literals are kept by digest only (the state is published with the site): a check's
        // question, whether the sources hold a literal, has the same answer.
        #expect(!parsed.stringLiterals.isEmpty && read.stringLiterals.isEmpty)
        #expect(parsed.stringLiterals.allSatisfy { read.mentions($0) && parsed.mentions($0) })
        #expect(!read.mentions("noSuchLiteral") && !parsed.mentions("noSuchLiteral"))
        #expect(parsed.stringLiterals.contains("saved %@"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("saved %@"), "no literal's text in the encoding")
        // SHA-256 (FIPS 180-2's test vector), not a hash one could invert, cut to 128 bits.
        #expect(SourceFileDeclarations.digest("abc") == "ba7816bf8f01cfea414140de5dae2223")
        // The site's cache leaves out the path it keys a file by, and puts it back.
        let withClasses = try #require(scanned.indices.first { !scanned[$0].declarations.classes.isEmpty })
        let path = survey.files[withClasses].path
        #expect(scanned[withClasses].declarations.classes.allSatisfy { $0.location.file == path })
        let blankBytes = try encoder.encode(scanned[withClasses].relocated { $0 == path ? "" : $0 })
        #expect(!String(decoding: blankBytes, as: UTF8.self).contains(path))
        #expect(try JSONDecoder().decode(ScannedFile.self, from: blankBytes).relocated { $0.isEmpty ? path : $0 } == scanned[withClasses])
        // Type mentions too (a note's source location): a blanked path came back empty.
        let withMentions = try #require(scanned.indices.first { !scanned[$0].declarations.typeMentions.isEmpty })
        let mentionsPath = survey.files[withMentions].path
        let blankMentions = try encoder.encode(scanned[withMentions].relocated { $0 == mentionsPath ? "" : $0 })
        #expect(!String(decoding: blankMentions, as: UTF8.self).contains(mentionsPath))
        #expect(
            try JSONDecoder().decode(ScannedFile.self, from: blankMentions).relocated { $0.isEmpty ? mentionsPath : $0 }
                == scanned[withMentions])
        #expect(read.candidates.mapValues { $0.map(\.members) } == parsed.candidates.mapValues { $0.map(\.members) })
        // Taken from `earlier`, a file is not read at all (a missing path would fail the scan).
        let missing = SourceFile(path: "/nonexistent/Gone.swift", module: "App", knownModules: [])
        let reused = try SourceScanner.read(files: [missing], earlier: [missing.path: scanned[0]])
        #expect(reused.count == 1 && reused[0].bytes == scanned[0].bytes)
    }
}
