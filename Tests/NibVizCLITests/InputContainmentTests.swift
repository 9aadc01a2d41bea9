import Foundation
import NibTestSupport
import Testing

/// Every parsing command rejects input past the documented limits (InputLimits,
/// site/pages/reference/limits.md) with `file:line:col` and exit 1, never a crash.
@Suite struct InputContainmentTests {
    /// The commands that parse an IB document, with the arguments around the input path.
    static let documentCommands: [[String]] = [
        ["inspect"], ["simulate"], ["render", "--diagram", "graph", "-T", "dot"], ["render", "--diagram", "timeline", "-T", "dot"],
        ["diff", "@@"],
    ]

    static func arguments(_ command: [String], _ path: String) -> [String] {
        command.contains("@@") ? command.map { $0 == "@@" ? path : $0 } + [path] : command + [path]
    }

    @Test(arguments: documentCommands)
    func tensOfThousandsOfNestedElementsAreRejectedAtTheFirstElementPastTheLimit(command: [String]) throws {
        let folder = try HostileInputFiles.folder()
        let deep = try HostileInputFiles.write("deep.xib", HostileInputFiles.nestedViews(20_000), in: folder)
        let result = try runNibviz(Self.arguments(command, deep.path))
        #expect(result.status == 1, "\(command): \(result.stderr.prefix(300))")
        #expect(result.stderr.contains("deep.xib:5:"), "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("nested more than 256 levels deep"))
    }

    @Test func textconvShowsTheRawFileWithTheLocatedWarning() throws {
        // git's textconv must never fail: the raw text follows a warning with the location.
        let folder = try HostileInputFiles.folder()
        let deep = try HostileInputFiles.write("deep.xib", HostileInputFiles.nestedViews(20_000), in: folder)
        let result = try runNibviz(["textconv", deep.path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("deep.xib:5:"))
        #expect(result.stderr.contains("nested more than 256 levels deep"))
    }

    @Test func aDeepStoryboardAndADeepArchiveAreRejectedToo() throws {
        let folder = try HostileInputFiles.folder()
        let storyboard = try HostileInputFiles.write("deep.storyboard", HostileInputFiles.nestedViews(30_000, storyboard: true), in: folder)
        let archive = try HostileInputFiles.write("deep-archive.xib", HostileInputFiles.deepArchive(30_000), in: folder)
        for url in [storyboard, archive] {
            let result = try runNibviz(["inspect", url.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(url.lastPathComponent):"), "\(result.stderr.prefix(300))")
            #expect(result.stderr.contains("levels deep"))
        }
    }

    @Test(arguments: documentCommands)
    func aFlatArchiveWhoseParentReferencesChainTwoThousandViewsIsRejected(command: [String]) throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("chain.xib", HostileInputFiles.archiveChain(2_000), in: folder)
        let result = try runNibviz(Self.arguments(command, url.path))
        #expect(result.status == 1, "\(command): \(result.stderr.prefix(300))")
        // The 257th view, the first past the limit, is on line 261.
        #expect(result.stderr.contains("chain.xib:261:1: objects nested more than 256 levels deep through parent references"))
    }

    @Test func nestingJustUnderTheLimitIsRead() throws {
        let folder = try HostileInputFiles.folder()
        // document, objects, then view/subviews pairs: 125 views are 252 levels.
        let url = try HostileInputFiles.write("ok.xib", HostileInputFiles.nestedViews(125), in: folder)
        let result = try runNibviz(["inspect", url.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        // And 125 nested views still draw (nested clusters; a second or so).
        let storyboard = try HostileInputFiles.write("ok.storyboard", HostileInputFiles.nestedViews(120, storyboard: true), in: folder)
        // A document this big is drawn in parts (DocumentPartition): every part, together, holds
        // every view.
        let parts = folder.appendingPathComponent("parts")
        let drawn = try runNibviz(["render", storyboard.path, "-T", "svg", "--scene", "all", "-o", parts.path])
        #expect(drawn.status == 0, "\(drawn.stderr.prefix(300))")
        var drawnViews = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: parts.path) where file.hasSuffix(".svg") {
            let svg = try String(contentsOf: parts.appendingPathComponent(file), encoding: .utf8)
            for level in 0..<120 where svg.contains("v\(level)<") || svg.contains("v\(level)\"") { drawnViews.insert("v\(level)") }
        }
        #expect(drawnViews.count == 120, "views drawn: \(drawnViews.count)")
    }

    @Test func aControlCharacterMidFileIsReportedOnItsOwnLine() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write(
            "ctl.xib", HostileInputFiles.xib("<view id=\"a\" userLabel=\"x\u{1}y\"/>\n<view id=\"b\"/>"), in: folder)
        let result = try runNibviz(["inspect", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("ctl.xib:5:"), "\(result.stderr)")
        #expect(result.stderr.contains("control character U+0001"))
        #expect(!result.stderr.contains("truncated"))
    }

    @Test(arguments: [
        ("<view id=\"a\"> < </view>", "a stray '<' or '&'"), ("<view id=\"a\" userLabel=\"<\"/>", "'<' inside an attribute value"),
        ("<view id=\"a\" userLabel=\"x\" userLabel=\"y\"/>", "attribute given twice"),
        ("<view id=\"a\">&nbsp;</view>", "undeclared entity"),
    ])
    func libxml2ErrorsAreWordsAtTheirOwnLine(markup: String, words: String) throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("bad.xib", HostileInputFiles.xib(markup + "\n<view id=\"b\"/>"), in: folder)
        let result = try runNibviz(["inspect", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.xib:5:"), "\(result.stderr)")
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(!result.stderr.contains("libxml2 error"))
    }

    /// A document saved mid-merge: the error names the conflict, at the marker's line, in every
    /// command that reads documents (not libxml2's "stray '<'" a few columns in).
    @Test func aMergeConflictIsNamedAtItsMarkerLine() throws {
        let folder = try HostileInputFiles.folder()
        let conflicted =
            "<view id=\"a\"/>\n<<<<<<< HEAD\n<view id=\"b\" userLabel=\"ours\"/>\n=======\n"
            + "<view id=\"b\" userLabel=\"theirs\"/>\n>>>>>>> feature\n"
        let url = try HostileInputFiles.write("merge.xib", HostileInputFiles.xib(conflicted), in: folder)
        let words = "merge.xib:6:1: unresolved merge conflict"
        let inspected = try runNibviz(["inspect", url.path])
        #expect(inspected.status == 1)
        #expect(inspected.stderr.contains(words), "\(inspected.stderr)")
        let text = try runNibviz(["textconv", url.path])
        #expect(text.output.contains("unresolved merge conflict"), "\(text.output.prefix(300))")
        let site = try runNibviz(["site", url.path, "-o", folder.appendingPathComponent("out").path, "--strict"])
        #expect(site.status != 0)
        #expect(site.stderr.contains(words), "\(site.stderr)")
    }

    /// A repository that keeps its IB files in Git LFS, cloned without `git lfs pull`: each
    /// document, XML or compiled, is a three-line pointer, and says so.
    @Test func aGitLFSPointerIsNamedAsOne() throws {
        let folder = try HostileInputFiles.folder()
        let pointer =
            "version https://git-lfs.github.com/spec/v1\n"
            + "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 48213\n"
        let storyboard = try HostileInputFiles.write("Main.storyboard", pointer, in: folder)
        let bundle = folder.appendingPathComponent("View.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data(pointer.utf8).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
        let flat = try HostileInputFiles.write("Flat.nib", pointer, in: folder)
        for (input, named) in [(storyboard, "Main.storyboard:1:1"), (bundle, "keyedobjects.nib:1:1"), (flat, "Flat.nib:1:1")] {
            let result = try runNibviz(["inspect", input.path])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains("\(named): a Git LFS pointer file, not the document (it stands for 48213 bytes)"), "\(result.stderr)"
            )
        }
        // Only a pointer's first line makes one: a document that mentions the URL is read as XML.
        let mention = try HostileInputFiles.write(
            "mention.xib", HostileInputFiles.xib("<view id=\"a\" userLabel=\"version https://git-lfs.github.com/spec/v1\"/>"), in: folder)
        #expect(try runNibviz(["inspect", mention.path]).status == 0)
    }

    @Test func aDuplicateYAMLKeyIsReportedAtTheLineThatRepeatsIt() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("dup.yaml", "platform: ios\ntitle: one\nsteps: []\ntitle: two\n", in: folder)
        let result = try runNibviz(["simulate", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("dup.yaml:4:1: duplicate key 'title' in one mapping (first on line 2)"), "\(result.stderr)")
    }

    @Test func aYAMLAliasBombIsRejectedQuicklyWithTheLimit() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("bomb.yaml", HostileInputFiles.aliasBomb(), in: folder)
        for command in [["simulate"], ["render", "--diagram", "timeline", "-T", "dot"]] {
            let result = try runNibviz(command + [url.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("bomb.yaml:"), "\(result.stderr)")
            #expect(result.stderr.contains("more than 100000 YAML values once aliases"))
        }
    }

    @Test func deeplyNestedYAMLIsRejectedWithALocation() throws {
        let folder = try HostileInputFiles.folder()
        let mild = "platform: ios\ntitle: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        let wild = "platform: ios\ntitle: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n"
        for (name, text) in [("mild.yaml", mild), ("wild.yaml", wild)] {
            let result = try runNibviz(["simulate", try HostileInputFiles.write(name, text, in: folder).path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(name):2:"), "\(result.stderr)")
            #expect(result.stderr.contains("nested"))
        }
    }
}

/// A storyboard with a repeated scene (a bad merge): one diagnostic, every diagram draws.
@Suite struct RepeatedSceneTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc1">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" id="v1"><subviews><label id="l1"/></subviews></view>
                            <connections><segue destination="vc2" kind="show" id="sg1"/></connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="vc1" sceneMemberID="viewController">
                            <view key="view" id="v1"><subviews><label id="l1"/></subviews></view>
                            <connections><segue destination="vc2" kind="show" id="sg1"/></connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s2"><objects><viewController id="vc2" sceneMemberID="viewController"/></objects></scene>
            </scenes>
        </document>

        """

    @Test func theDuplicateIsADiagnosticAndEveryDiagramRenders() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("merge.storyboard", Self.storyboard, in: folder)
        let inspect = try runNibviz(["inspect", url.path])
        #expect(inspect.status == 0)
        #expect(inspect.output.contains("merge.storyboard:12:9: warning: duplicate scene \"s1\" (first on line 4)"), "\(inspect.output)")
        for kind in ["graph", "flow", "instantiation", "timeline", "lifecycle"] {
            let result = try runNibviz(["render", url.path, "--diagram", kind, "-T", "svg"])
            #expect(result.status == 0, "\(kind): \(result.stderr)")
            #expect(result.output.hasSuffix("</svg>\n"))
        }
    }
}

/// Steps that create objects are bounded: `makeView count:` has a documented limit and the
/// run is linear in it (labels no longer rescan every object).
@Suite struct BoundedWorkTests {
    static func scenario(count: Int) -> String {
        """
        platform: macos
        trace: L1
        classes:
          Delegate: { superclass: NSObject, overrides: [awakeFromNib] }
          MyCell: { superclass: NSTableCellView, overrides: ["initWithCoder:", awakeFromNib] }
        objects:
          delegate: { class: Delegate }
        nibs:
          Cell:
            objects:
              - { id: "-2", element: customObject, label: "File's Owner", customClass: Delegate }
              - { id: c1, element: tableCellView, customClass: MyCell }
        steps:
          - makeView: { nib: Cell, owner: delegate, count: \(count) }

        """
    }

    @Test func makeViewOverTheLimitIsRejectedAtItsCount() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("many.yaml", Self.scenario(count: 1_000_000), in: folder)
        let result = try runNibviz(["simulate", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("many.yaml:14:52:"), "\(result.stderr)")
        #expect(result.stderr.contains("count 1000000 is over the limit of 10000 views per makeView step"))
    }

    @Test func makeViewAtTheLimitRunsEveryLoad() throws {
        let folder = try HostileInputFiles.folder()
        let url = try HostileInputFiles.write("limit.yaml", Self.scenario(count: 10_000), in: folder)
        let result = try runNibviz(["simulate", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.filter { $0.contains("awakeFromNib") }.count == 20_000)
        #expect(lines.filter { $0.contains("[MyCell initWithCoder:]") }.count == 10_000)
    }
}

/// Text inputs that are not UTF-8 are located at their first bad byte.
@Suite struct TextEncodingTests {
    @Test(arguments: [("bad.dot", ["render"]), ("bad.yaml", ["simulate"])])
    func aByteThatIsNotUTF8IsReportedWhereItIs(name: String, command: [String]) throws {
        let folder = try HostileInputFiles.folder()
        let url = folder.appendingPathComponent(name)
        try Data("digraph {\n a -> b\n c \u{FF} }\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: url)
        let result = try runNibviz(command + [url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(name):3:"), "\(result.stderr)")
        #expect(result.stderr.contains("not valid UTF-8 text"))
    }
}

/// One slow diagram never stalls a site: the pool's per-diagram limit cuts it and the page says so.
@Suite struct SiteRenderLimitTests {
    @Test func aSiteBuildFinishesWhenDiagramsHitThePerDiagramTimeLimit() throws {
        let folder = try HostileInputFiles.folder()
        let inputs = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        _ = try HostileInputFiles.write("in/Card.xib", HostileInputFiles.nestedViews(3), in: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["NIBVIZ_RENDER_TIMEOUT"] = "0.001"
        let output = folder.appendingPathComponent("site")
        _ = try runNibviz(["site", inputs.path, "-o", output.path], environment: environment)
        let documents = output.appendingPathComponent("documents")
        let files = FileManager.default.enumerator(atPath: documents.path)?.compactMap { $0 as? String } ?? []
        let pages = try files.filter { $0.hasSuffix(".xib.html") }.map {
            try String(contentsOf: documents.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(!pages.isEmpty)
        #expect(pages.contains { $0.contains("Graphviz timed out after 0.001 s (the per-diagram limit") })
    }
}
