import Foundation
import NibModel
import NibParsing
import NibSimulation
import NibTestSupport
import Testing

/// R-XIB-1: a bare xib is met as its File's Owner loads it. A view controller's xib loads in its
/// `loadView` between `initWithNibName:bundle:` and `viewDidLoad`; a window controller's in
/// `loadWindow`; any other owner's once. Before, every xib was loaded once with its owner, so
/// a view controller's page showed no `loadView`, `viewDidLoad` or appearance at all.
@Suite("Xibs met as their File's Owner loads them (R-XIB-1)")
struct XibOwnerTests {
    /// An iOS xib whose File's Owner `owner` has a `view` outlet to the top-level view.
    static func iosXib(owner: String, viewOutlet: Bool = true) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21507" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)">
                    <connections>
                        \(viewOutlet ? "<outlet property=\"view\" destination=\"root\" id=\"o1\"/>" : "")
                        <outlet property="avatar" destination="av1" id="o2"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root">
                    <subviews>
                        <imageView id="av1" customClass="AvatarView"/>
                    </subviews>
                </view>
            </objects>
        </document>
        """
    }

    /// A macOS xib whose File's Owner `owner` has a `window` outlet to a window that is not
    /// visible at launch, holding a `Board` (G-MAC-2's document).
    static func macWindowXib(owner: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="\(owner)">
                    <connections>
                        <outlet property="window" destination="win" id="o1"/>
                    </connections>
                </customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <window title="Main" visibleAtLaunch="NO" id="win">
                    <view key="contentView" id="cnt">
                        <subviews>
                            <customView id="brd" customClass="Board"/>
                        </subviews>
                    </view>
                </window>
            </objects>
        </document>
        """
    }

    /// A controller made with its designated initializer, taken for one by its own name with no
    /// class table.
    static func judgedByItsName(_ name: String) -> XibOwner.Controller {
        XibOwner.Controller(className: name, judgedBy: .init(className: name, hasTable: false))
    }

    static func lines(_ timeline: Timeline, _ level: TraceLevel) -> [String] {
        TimelineFormatter.format(timeline, as: .text, level: level).split(separator: "\n").map(String.init)
    }

    @Test("R-XIB-1 G-LOAD-1: an iOS view controller's xib bare gives G-LOAD-1: initWithNibName:bundle:, loadView, the nib, viewDidLoad")
    func iosViewController() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.iosXib(owner: "ProfileViewController").utf8), file: "Views/Profile.xib")
        #expect(XibOwner.of(graph, classes: nil) == .viewController(Self.judgedByItsName("ProfileViewController")))
        let timeline = Simulator.run(document: graph)
        #expect(
            Self.lines(timeline, .l1) == [
                "-[ProfileViewController initWithNibName:bundle:]",
                "-[ProfileViewController loadView]",
                "-[AvatarView initWithCoder:]",
                "-[AvatarView awakeFromNib]",
                "-[ProfileViewController viewDidLoad]",
            ])
        // G-LOAD-1's setup is this xib: its golden, byte for byte (outlets inside loadView, R-LOAD-2).
        #expect(Self.lines(timeline, .l2) == (try SpecScenario.text("G-LOAD-1", level: .l2)).split(separator: "\n").map(String.init))
        let note = try #require(timeline.notes.first)
        #expect(note.contains("ProfileViewController is taken for a view controller by its name and its view outlet (no class table)"))
        #expect(note.contains("initWithNibName:@\"Profile\" bundle:nil"))
        #expect(note.contains("R-XIB-1"))
    }

    @Test("R-XIB-1: a custom view that loads its own xib through a view outlet stays an owner that loads it once")
    func customViewOwner() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.iosXib(owner: "CardView").utf8), file: "Card.xib")
        #expect(XibOwner.of(graph, classes: nil) == .object)
        let lines = Self.lines(Simulator.run(document: graph), .l1)
        #expect(lines == ["-[AvatarView initWithCoder:]", "-[AvatarView awakeFromNib]"])
        // The class table's word wins over the name: a controller-named NSObject loads the xib once.
        let table = ["ProfileViewController": ClassInfo(name: "ProfileViewController", superclass: "NSObject")]
        let named = try NibDocumentParser.parse(data: Data(Self.iosXib(owner: "ProfileViewController").utf8), file: "Profile.xib")
        #expect(XibOwner.of(named, classes: table) == .object)
        #expect(!Self.lines(Simulator.run(document: named, classes: table), .l2).contains { $0.contains("loadView") })
    }

    @Test(
        "R-XIB-1 R-LOAD-3: a view controller whose view outlet the xib leaves unconnected loads it once, and the note says it would raise")
    func unconnectedViewOutlet() throws {
        // IBDecodable's CollectionViewCell.xib: File's Owner UIViewController (Xcode's template
        // default), a cell at the top: a cell nib, not the controller's view nib.
        let graph = try NibDocumentParser.parse(
            data: Data(Self.iosXib(owner: "UIViewController", viewOutlet: false).utf8), file: "Cell.xib")
        #expect(XibOwner.of(graph, classes: nil) == .unconnectedController(className: "UIViewController", outlet: "view"))
        let timeline = Simulator.run(document: graph)
        #expect(!timeline.events.contains { $0.kind == .exception })
        #expect(Self.lines(timeline, .l2).first == "-[AvatarView initWithCoder:]")
        let note = try #require(timeline.notes.first)
        #expect(note.contains("whose view outlet this xib does not connect"))
        #expect(note.contains("loaded the nib but the view outlet was not set"))
    }

    @Test("R-XIB-1: the class table decides up the superclasses, whatever the name; a pod's base class is judged by its name")
    func classTableDecides() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.iosXib(owner: "Settings").utf8), file: "Settings.xib")
        #expect(XibOwner.of(graph, classes: nil) == .object)
        let table = [
            "Settings": ClassInfo(name: "Settings", superclass: "BaseTable", overrides: ["initWithNibName:bundle:", "viewDidLoad"]),
            "BaseTable": ClassInfo(name: "BaseTable", superclass: "UITableViewController", overrides: []),
        ]
        #expect(
            XibOwner.of(graph, classes: table)
                == .viewController(.init(className: "Settings", judgedBy: nil)))
        var options = SimulationOptions()
        options.classTable = table
        let timeline = Simulator.run(document: graph, options: options)
        #expect(Self.lines(timeline, .l2).first == "-[Settings initWithNibName:bundle:]")
        #expect(timeline.notes.first?.hasPrefix("File's Owner Settings is a view controller: ") == true)
        // `BaseViewController` comes from a pod the sources do not hold: the note names it.
        let pod = ["Settings": ClassInfo(name: "Settings", superclass: "BaseViewController", overrides: [])]
        let judged = XibOwner.Judgement(className: "BaseViewController", hasTable: true)
        #expect(
            XibOwner.of(graph, classes: pod)
                == .viewController(.init(className: "Settings", judgedBy: judged)))
        options.classTable = pod
        #expect(
            Simulator.run(document: graph, options: options).notes.first?.contains(
                "taken for a view controller by the name of its superclass BaseViewController and its view outlet "
                    + "(the sources given do not declare BaseViewController)") == true)
    }

    @Test("R-XIB-1 R-VCI-2: a class the table says overrides init (OsmAnd's) or names its own nib (MacPass's) is made with init")
    func initOverride() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.iosXib(owner: "NavbarViewController").utf8), file: "Navbar.xib")
        // An app superclass's init counts: the subclass inherits it.
        let table = [
            "NavbarViewController": ClassInfo(
                name: "NavbarViewController", superclass: "BaseViewController", keys: ["avatar"], overrides: ["viewDidLoad"]),
            "BaseViewController": ClassInfo(
                name: "BaseViewController", superclass: "UIViewController", overrides: ["init", "initWithNibName:bundle:"]),
        ]
        var options = SimulationOptions(traceLevel: .l1)
        options.classTable = table
        let timeline = Simulator.run(document: graph, options: options)
        #expect(
            Self.lines(timeline, .l1) == [
                "-[NavbarViewController init]", "-[NavbarViewController initWithNibName:bundle:]", "-[AvatarView initWithCoder:]",
                "-[AvatarView awakeFromNib]", "-[NavbarViewController viewDidLoad]",
            ])
        #expect(
            timeline.notes.first?.contains("it is made with init (its class overrides it; init ends in initWithNibName:bundle:, R-VCI-2)")
                == true)
        // MacPass's view controllers name their nib in nibName and are made with init.
        let namesNib = [
            "NavbarViewController": ClassInfo(
                name: "NavbarViewController", superclass: "UIViewController", keys: ["avatar"], overrides: ["nibName", "viewDidLoad"])
        ]
        let named = XibOwner.of(graph, classes: namesNib)
        #expect(
            named == .viewController(.init(className: "NavbarViewController", initEvidence: "nibName", judgedBy: nil)))
        options.classTable = namesNib
        #expect(
            Simulator.run(document: graph, options: options).notes.first?.contains(
                "it is made with init (its class names its own nib in nibName, so code need not;") == true)
        // Without a table every class "overrides" everything (E.1): init is not read into that.
        #expect(Self.lines(Simulator.run(document: graph), .l2).first == "-[NavbarViewController initWithNibName:bundle:]")
    }

    @Test("R-XIB-1 G-BIND-1: the macOS golden xib of SPEC §15 bare gives G-BIND-1's lines after the initializer")
    func macViewControllerGolden() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("site/scenarios/spec/docs/PrefsViewController.xib")
        let graph = try NibDocumentParser.parse(data: try Data(contentsOf: url), file: "PrefsViewController.xib")
        let table = [
            "PrefsViewController": ClassInfo(
                name: "PrefsViewController", superclass: "NSViewController",
                overrides: ["initWithNibName:bundle:", "loadView", "awakeFromNib", "viewDidLoad"]),
            "SwatchView": ClassInfo(name: "SwatchView", superclass: "NSView", overrides: ["initWithFrame:", "awakeFromNib"]),
        ]
        var options = SimulationOptions(osVersion: OSVersion(10, 15))
        options.classTable = table
        let timeline = Simulator.run(document: graph, options: options)
        #expect(
            Self.lines(timeline, .l1) == [
                "-[PrefsViewController initWithNibName:bundle:]",
                "-[PrefsViewController loadView]",
                "-[SwatchView initWithFrame:]",
                "-[SwatchView awakeFromNib]",
                "-[PrefsViewController awakeFromNib]",
                "-[PrefsViewController viewDidLoad]",
            ])
        let golden = try SpecScenario.text("G-BIND-1", level: .l2).split(separator: "\n").map(String.init)
        #expect(golden.count == 7)
        #expect(Self.lines(timeline, .l2) == ["-[PrefsViewController initWithNibName:bundle:]"] + golden)
    }

    @Test("R-XIB-1 G-MAC-2: a window controller's xib: initWithWindowNibName:, showWindow:, loadWindow, the nib, windowDidLoad")
    func macWindowController() throws {
        let graph = try NibDocumentParser.parse(data: Data(Self.macWindowXib(owner: "MainWC").utf8), file: "Main.xib")
        // `MainWC` says nothing by its name: without a table it loads the xib once.
        #expect(XibOwner.of(graph, classes: nil) == .object)
        let table = [
            "MainWC": ClassInfo(
                name: "MainWC", superclass: "NSWindowController",
                overrides: [
                    "initWithWindowNibName:", "initWithWindowNibName:owner:", "initWithWindow:", "showWindow:", "windowWillLoad",
                    "loadWindow",
                    "awakeFromNib", "windowDidLoad",
                ]),
            "Board": ClassInfo(name: "Board", superclass: "NSView", overrides: ["initWithFrame:", "awakeFromNib"]),
        ]
        var options = SimulationOptions(osVersion: OSVersion(10, 15))
        options.classTable = table
        #expect(
            Self.lines(Simulator.run(document: graph, options: options), .l1) == [
                "-[MainWC initWithWindowNibName:]",
                "-[MainWC initWithWindowNibName:owner:]",
                "-[MainWC initWithWindow:]",
                "-[MainWC showWindow:]",
                "-[MainWC windowWillLoad]",
                "-[MainWC loadWindow]",
                "-[Board initWithFrame:]",
                "-[Board awakeFromNib]",
                "-[MainWC awakeFromNib]",
                "-[MainWC windowDidLoad]",
            ])
        let named = try NibDocumentParser.parse(data: Data(Self.macWindowXib(owner: "MainWindowController").utf8), file: "Main.xib")
        #expect(XibOwner.of(named, classes: nil) == .windowController(Self.judgedByItsName("MainWindowController")))
        // MacPass's window controllers override init (and windowNibName): init ends in initWithWindow: (R-MAC-11).
        var withInit = table
        withInit["MainWC"]?.overrides = ["init", "initWithWindow:", "windowDidLoad"]
        options.classTable = withInit
        let first = Simulator.run(document: graph, options: options).events.first
        #expect(first?.selector == "init" && first?.rule == "R-MAC-11")
        #expect(
            Self.lines(Simulator.run(document: graph, options: options), .l1) == [
                "-[MainWC init]", "-[MainWC initWithWindow:]", "-[Board initWithFrame:]", "-[Board awakeFromNib]",
                "-[MainWC windowDidLoad]",
            ])
    }

    @Test("R-XIB-1: nibviz simulate on a view controller's xib prints its lifecycle and says on stderr what it assumed")
    func command() throws {
        let result = try runNibviz(
            ["simulate", "site/scenarios/spec/docs/PrefsViewController.xib", "--os", "10.15", "--trace", "L1"],
            currentDirectory: TestPaths.packageRoot)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("-[PrefsViewController initWithNibName:bundle:]\n-[PrefsViewController loadView]\n"))
        #expect(result.output.contains("-[PrefsViewController viewDidLoad]\n"))
        #expect(result.stderr.contains("File's Owner PrefsViewController is taken for a view controller"))
    }
}
