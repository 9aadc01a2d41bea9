import Foundation
import NibModel
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

@testable import NibDiffing
@testable import NibReview

/// One kind of edit a developer makes in Interface Builder, as a regex replacement applied to
/// the smallest corpus document where it matches.
struct SweepEdit: CustomTestStringConvertible, Sendable {
    var name: String
    /// Suffix of the MANIFEST `document_type` (`XIB` matches every xib and storyboard).
    var type = "XIB"
    var pattern: String
    /// The replacement for the whole match, given the capture groups.
    var replace: @Sendable ([String]) -> String
    var category: String
    var kind = "changed"
    /// Text the new value shows in textconv and in the JSON `after` (nil for a removal).
    var shows: String?

    var testDescription: String { name }

    /// Keeps groups 1 and 3 and puts `value` (or `other` when the old value already is `value`) in group 2.
    static func value(
        _ name: String, _ pattern: String, _ value: String, other: String, category: String, type: String = "XIB"
    ) -> SweepEdit {
        SweepEdit(
            name: name, type: type, pattern: pattern,
            replace: { g in g[1] + (g[2] == value ? other : value) + g[3] }, category: category, shows: nil)
    }
}

private let sweepEdits: [SweepEdit] = [
    .value("constraint constant", #"(<constraint [^>]*?constant=")([-0-9.]+)(")"#, "77", other: "78", category: "constraint"),
    .value("constraint multiplier", #"(<constraint [^>]*?multiplier=")([^"]+)(")"#, "3:1", other: "4:1", category: "constraint"),
    .value("constraint priority", #"(<constraint [^>]*?priority=")([0-9]+)(")"#, "251", other: "252", category: "constraint"),
    SweepEdit(
        name: "constraint relation", pattern: #"(<constraint )(?![^>]*relation=)"#, replace: { $0[1] + "relation=\"lessThanOrEqual\" " },
        category: "constraint", shows: "lessThanOrEqual"),
    SweepEdit(
        name: "constraint removed", pattern: #"\n\s*<constraint [^>]*/>"#, replace: { _ in "" }, category: "constraint", kind: "removed"),
    .value(
        "font", #"(<fontDescription key="fontDescription" type=")(system)(" pointSize="17"/>)"#, "boldSystem", other: "system",
        category: "font"),
    .value("colour component", #"(<color key="backgroundColor" [^>]*?red=")([0-9.]+)(")"#, "0.25", other: "0.5", category: "color"),
    .value(
        "named colour", #"(<color key="[A-Za-z]+" systemColor=")([A-Za-z]+)(")"#, "systemRedColor", other: "systemBlueColor",
        category: "color"),
    .value("label text", #"(<label [^>]*? text=")([^"]*)(")"#, "Changed Title", other: "Other Title", category: "text"),
    .value("button title", #"(<state key="normal" title=")([^"]*)(")"#, "Tap Me Now", other: "Tap Me Later", category: "text"),
    .value("placeholder", #"(<textField [^>]*? placeholder=")([^"]*)(")"#, "New placeholder", other: "Other placeholder", category: "text"),
    .value("image", #"(<imageView [^>]*? image=")([^"]+)(")"#, "nibviz-image", other: "nibviz-other", category: "image"),
    .value("symbol", #"(<imageReference key="image" image=")([^"]+)(" catalog="system")"#, "star.fill", other: "heart", category: "image"),
    SweepEdit(
        name: "hidden", pattern: #"(<label )(?![^>]*hidden=)"#, replace: { $0[1] + "hidden=\"YES\" " }, category: "state", kind: "added",
        shows: "YES"),
    SweepEdit(
        name: "enabled", pattern: #"(<button )(?![^>]*enabled=)"#, replace: { $0[1] + "enabled=\"NO\" " }, category: "state", kind: "added",
        shows: "NO"),
    .value("alpha", #"(<view [^>]*?alpha=")([0-9.]+)(")"#, "0.5", other: "0.25", category: "state"),
    .value(
        "content mode", #"(<imageView [^>]*?contentMode=")([A-Za-z]+)(")"#, "scaleAspectFill", other: "scaleToFill", category: "contentMode"
    ),
    .value(
        "runtime attribute", #"(<userDefinedRuntimeAttribute type="(?:string|number)" keyPath="[^"]+" value=")([^"]*)(")"#, "42",
        other: "43", category: "runtimeAttribute"),
    .value(
        "accessibility identifier", #"(<accessibility key="accessibilityConfiguration" [^>]*?identifier=")([^"]*)(")"#, "nibvizID",
        other: "nibvizID2", category: "accessibility"),
    .value(
        "accessibility label", #"(<accessibility key="accessibilityConfiguration" [^>]*?label=")([^"]*)(")"#, "Nibviz Label",
        other: "Other Label", category: "accessibility"),
    .value("storyboard identifier", #"(storyboardIdentifier=")([^"]+)(")"#, "NibvizRenamed", other: "NibvizOther", category: "identifier"),
    .value(
        "restoration identifier", #"(restorationIdentifier=")([^"]+)(")"#, "NibvizRestore", other: "NibvizOther", category: "identifier"),
    .value("segue identifier", #"(<segue [^>]*?identifier=")([^"]+)(")"#, "nibvizSegue", other: "nibvizOther", category: "identifier"),
    .value("reuse identifier", #"(reuseIdentifier=")([^"]+)(")"#, "NibvizCell", other: "NibvizOther", category: "identifier"),
    .value(
        "custom class", #"(<(?:viewController|tableViewController|view|button|label) [^>]*?customClass=")([^"]+)(")"#, "NibvizClass",
        other: "NibvizOther", category: "class"),
    .value("custom module", #"(customModule=")([^"]+)(")"#, "NibvizModule", other: "NibvizOther", category: "class"),
    .value("frame", #"(<rect key="frame" x=")([-0-9.]+)(")"#, "13", other: "14", category: "layout"),
    SweepEdit(
        name: "autoresizing", pattern: #"(<autoresizingMask key="autoresizingMask")(?![^>]*widthSizable)"#,
        replace: { $0[1] + " widthSizable=\"YES\"" }, category: "layout", shows: "widthSizable=YES"),
]

/// For each edit kind on a real document (copies in a temporary folder): textconv changes in
/// exactly the lines of that edit, `diff --format json` reports it once with its category
/// and before → after. And regenerated ids are no change on every readable corpus document.
@Suite struct CorpusSweepTests {
    private func groups(_ match: NSTextCheckingResult, _ ns: NSString) -> [String] {
        (0..<match.numberOfRanges).map { match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0)) }
    }

    @Test(arguments: sweepEdits)
    func eachEditKindIsOneTextconvLineAndOneJSONChange(edit: SweepEdit) throws {
        guard TestPaths.corpus != nil else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let regex = try NSRegularExpression(pattern: edit.pattern)
        let matches = { (text: String) in regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
        }
        let (entry, text) = try #require(
            CorpusEdits.pick(edit.type, { $0.fields["root_element"] == "document" }, text: matches), "no corpus document for \(edit.name)")
        let edited = try #require(CorpusEdits.replacingFirst(edit.pattern, in: text) { edit.replace(groups($0, $1)) })
        let suffix = entry.documentType.contains("Storyboard") ? "storyboard" : "xib"
        print("sweep \(edit.name): \(entry.file)")
        let (oldURL, newURL) = try CorpusEdits.write(old: text, new: edited, name: "sweep." + suffix)
        defer { try? FileManager.default.removeItem(at: oldURL.deletingLastPathComponent()) }

        // textconv: exactly the lines of the edit.
        let before = try runNibviz(["textconv", oldURL.path]).output.split(separator: "\n").map(String.init)
        let after = try runNibviz(["textconv", newURL.path]).output.split(separator: "\n").map(String.init)
        let removed = before.filter { !after.contains($0) }
        let added = after.filter { !before.contains($0) }
        let expected = (removed: edit.kind == "added" ? 0 : 1, added: edit.kind == "removed" ? 0 : 1)
        #expect(removed.count == expected.removed && added.count == expected.added, "\(entry.file): -\(removed) +\(added)")

        // diff --format json: the edit once, with its category and before → after.
        let result = try runNibviz(["diff", oldURL.path, newURL.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(changes.count == 1, "\(entry.file): \(changes)")
        let change = try #require(changes.first)
        #expect(change["category"] as? String == edit.category, "\(entry.file): \(change)")
        #expect(change["kind"] as? String == edit.kind, "\(entry.file): \(change)")
        #expect(json["semantic"] as? Bool == true)
        let shown = edit.shows ?? (edit.kind == "removed" ? nil : newValue(edited, edit))
        if let shown {
            #expect((change["after"] as? String)?.contains(shown) == true, "\(entry.file): \(change) should show \(shown)")
            #expect(added.first?.contains(shown) == true, "\(entry.file): textconv \(added)")
        }
        if edit.kind != "added" { #expect(change["before"] is String, "\(entry.file): \(change)") }
        if edit.kind == "changed" { #expect(change["before"] as? String != change["after"] as? String) }
    }

    /// Group 2 of the edit's pattern in the edited text: the value it wrote.
    private func newValue(_ edited: String, _ edit: SweepEdit) -> String? {
        guard let regex = try? NSRegularExpression(pattern: edit.pattern) else { return nil }
        let ns = edited as NSString
        for match in regex.matches(in: edited, range: NSRange(location: 0, length: ns.length)) where match.numberOfRanges > 2 {
            let value = ns.substring(with: match.range(at: 2))
            if value.hasPrefix("Nibviz") || value.hasPrefix("nibviz")
                || ["77", "78", "3:1", "4:1", "251", "252", "13", "14"].contains(value)
                || value.contains("Title") || value.contains("placeholder") || value.contains("Tap Me") || value.contains("Label")
                || ["boldSystem", "0.25", "0.5", "systemRedColor", "systemBlueColor", "star.fill", "heart"].contains(value)
                || ["scaleAspectFill", "scaleToFill", "42", "43"].contains(value)
            {
                return value
            }
        }
        return nil
    }

    @Test func regeneratedIDsAreNoChangeOnEveryReadableCorpusDocument() throws {
        guard let corpus = TestPaths.corpus, let rows = CorpusEdits.manifest() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        var checked = 0
        var failures: [String] = []
        for row in rows where row.fields["well_formed"] == "yes" {
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(row.file)),
                let old = try? NibDocumentParser.parse(data: data, file: row.file)
            else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let regenerated = Data(CorpusEdits.regeneratingIDs(text).utf8)
            guard let new = try? NibDocumentParser.parse(data: regenerated, file: row.file) else {
                failures.append("\(row.file): regenerated copy does not parse")
                continue
            }
            checked += 1
            let diff = NibDiffer.diff(old: old, new: new, oldXML: data, newXML: regenerated)
            if !diff.isEmpty {
                failures.append("\(row.file): \(DiffSummary.headline(diff)) \(ChangeList.entries(diff).prefix(3).map(DiffText.line))")
            }
            if Textconv.text(old, xml: data) != Textconv.text(new, xml: regenerated) { failures.append("\(row.file): textconv differs") }
        }
        print("regenerated ids: \(checked) readable corpus documents, \(failures.count) with a change")
        #expect(checked > 300)
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
    }
}

/// The initializer a review names for an object is the simulator's own event for it (issue 12).
@Suite struct CorpusInitializerTests {
    @Test func theInitializerAReviewNamesIsTheSimulatorsEventOnEveryCorpusDocument() throws {
        guard let corpus = TestPaths.corpus, let rows = CorpusEdits.manifest() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        var checked = 0
        var failures: [String] = []
        for row in rows where row.fields["well_formed"] == "yes" {
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(row.file)),
                let old = try? NibDocumentParser.parse(data: data, file: row.file)
            else { continue }
            let events = Simulator.run(document: old).initializerEvents
            // The first created object of the document, given a new class.
            guard let index = old.objects.firstIndex(where: { !$0.isPlaceholder && events[$0.id.rawValue] != nil }) else { continue }
            var new = old
            new.objects[index].customClass = "NibvizReclassed"
            let id = new.objects[index].id.rawValue
            guard let expected = Simulator.run(document: new).initializerEvents[id], let selector = expected.selector else { continue }
            checked += 1
            let diff = NibDiffer.diff(old: old, new: new, simulate: true)
            let named = diff.consequences.first { $0.message.contains("is now instantiated as `NibvizReclassed`") }
            if named?.rule != expected.rule || named?.message.contains("its `\(selector)`") != true {
                failures.append(
                    "\(row.file): simulator \(selector) \(expected.rule), review \(named?.rule ?? "none"): \(named?.message ?? "")")
            }
        }
        print("initializers: \(checked) corpus documents, \(failures.count) disagreements")
        #expect(checked > 300)
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }
}
