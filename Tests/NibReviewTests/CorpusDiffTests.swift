import Foundation
import NibModel
import NibParsing
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

/// Known edits on real documents report exactly that edit and nothing else.
@Suite struct CorpusDiffTests {
    private func diff(_ old: String, _ new: String, name: String) throws -> NibDiff {
        let (oldURL, newURL) = try CorpusEdits.write(old: old, new: new, name: name)
        defer { try? FileManager.default.removeItem(at: oldURL.deletingLastPathComponent()) }
        return NibDiffer.diff(
            old: try NibDocumentParser.parse(contentsOf: oldURL),
            new: try NibDocumentParser.parse(contentsOf: newURL),
            oldXML: try Data(contentsOf: oldURL), newXML: try Data(contentsOf: newURL))
    }

    private func expectOnly(
        _ diff: NibDiff, _ kind: ChangeKind, _ connectionKind: String, fields: [String] = [],
        file: String
    ) {
        #expect(
            diff.objects.isEmpty,
            "\(file): unexpected object changes \(diff.objects.map { ($0.kind, $0.fields) })")
        #expect(diff.document.isEmpty, "\(file): \(diff.document)")
        #expect(diff.cosmetic.isEmpty, "\(file): unexpected cosmetic changes \(diff.cosmetic)")
        #expect(
            diff.connections.count == 1,
            "\(file): \(diff.connections.map { ($0.kind, $0.connectionKind, $0.fields) })")
        #expect(diff.connections.first?.kind == kind)
        #expect(diff.connections.first?.connectionKind == connectionKind)
        #expect(diff.connections.first?.fields.map(\.field) == fields)
    }

    @Test func aRemovedOutletIsReportedAloneOnARealXib() throws {
        guard let (entry, text) = CorpusEdits.pick("CocoaTouch.XIB", { $0.count("outlet") >= 3 }) else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let edited = try #require(
            CorpusEdits.replacingFirst(#"\s*<outlet [^>]*/>"#, in: text) { _, _ in "" })
        let diff = try diff(text, edited, name: "edit.xib")
        expectOnly(diff, .removed, "outlet", file: entry.file)
    }

    @Test func aRetargetedActionIsReportedAloneOnARealXib() throws {
        guard
            let (entry, text) = CorpusEdits.pick(
                "CocoaTouch.XIB", { $0.count("action") >= 1 && $0.count("placeholder") >= 2 })
        else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let edited = try #require(
            CorpusEdits.replacingFirst(#"<action ([^>]*?)destination="([^"]+)""#, in: text) { match, ns in
                let target = ns.substring(with: match.range(at: 2)) == "-1" ? "-2" : "-1"
                return "<action \(ns.substring(with: match.range(at: 1)))destination=\"\(target)\""
            })
        let diff = try diff(text, edited, name: "edit.xib")
        expectOnly(diff, .changed, "action", fields: ["destination"], file: entry.file)
    }

    @Test func anAddedSegueIsReportedAloneOnARealStoryboard() throws {
        guard
            let (entry, text) = CorpusEdits.pick(
                "CocoaTouch.Storyboard.XIB", { $0.count("segue") >= 2 && $0.count("scene") >= 3 })
        else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let edited = try #require(
            CorpusEdits.replacingFirst(#"<segue destination="([^"]+)"[^>]*/>"#, in: text) { match, ns in
                let existing = ns.substring(with: match.range)
                let destination = ns.substring(with: match.range(at: 1))
                return existing
                    + "\n<segue destination=\"\(destination)\" kind=\"presentation\" identifier=\"nibvizAdded\" id=\"nbz-Zz-001\"/>"
            })
        let diff = try diff(text, edited, name: "edit.storyboard")
        expectOnly(diff, .added, "segue", file: entry.file)
        #expect(DiffMarkdown.render(diff, title: "edit").contains("nibvizAdded"))
    }

    @Test func aChangedBindingKeyPathIsReportedAloneOnARealMacXib() throws {
        guard let (entry, text) = CorpusEdits.pick("Cocoa.XIB", { $0.count("binding") >= 1 }) else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let edited = try #require(
            CorpusEdits.replacingFirst(#"<binding ([^>]*?)keyPath="([^"]*)""#, in: text) { match, ns in
                "<binding \(ns.substring(with: match.range(at: 1)))keyPath=\"\(ns.substring(with: match.range(at: 2))).renamed\""
            })
        let diff = try diff(text, edited, name: "edit.xib")
        expectOnly(diff, .changed, "binding", fields: ["keyPath"], file: entry.file)
    }

    @Test(arguments: [
        "CocoaTouch.Storyboard.XIB", "CocoaTouch.XIB", "Cocoa.XIB", "Cocoa.Storyboard.XIB",
    ])
    func regeneratedIDsAreNoChangeAtAllOnRealDocuments(type: String) throws {
        let xcode5IDs = { (text: String) in
            text.contains("id=\"") && CorpusEdits.regeneratingIDs(text) != text
        }
        guard
            let (entry, text) = CorpusEdits.pick(
                type, { $0.count("outlet") >= 3 && $0.fields["root_element"] == "document" },
                text: xcode5IDs)
        else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let regenerated = CorpusEdits.regeneratingIDs(text)
        #expect(regenerated != text, "\(entry.file) has no 3-2-3 ids to regenerate")
        let diff = try diff(
            text, regenerated, name: "ids." + (type.contains("Storyboard") ? "storyboard" : "xib"))
        #expect(
            !diff.hasSemanticChanges,
            "\(entry.file): \(diff.objects.count) objects, \(diff.connections.count) connections, \(diff.document)"
        )
        #expect(diff.cosmetic.isEmpty, "\(entry.file): \(diff.cosmetic)")
        #expect(diff.matching.newToOld.count == Set(diff.new.objects.map(\.id)).count)
        #expect(Textconv.text(diff.old) == Textconv.text(diff.new))
    }
}
