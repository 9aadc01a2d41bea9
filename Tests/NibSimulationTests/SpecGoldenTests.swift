import NibSimulation
import NibTestSupport
import Testing

/// Every golden sequence of SPEC §1–7 and §15, copied from SPEC.md, against
/// `nibviz simulate site/scenarios/spec/<name>.yaml --trace <level>`.
@Suite("SPEC goldens §1–7, §15")
struct SpecGoldenTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        let name: String
        let level: TraceLevel
        let expected: String
        var testDescription: String { name }
    }

    static let goldens: [Golden] = [
        Golden(
            name: "G-NIB-1", level: .l2,
            expected: """
                -[CardView initWithCoder:]
                -[CardButton initWithCoder:]
                -[CardOwner setValue:forKey:] key=rootView value=CardView
                -[CardOwner setValue:forKey:] key=button value=CardButton
                -[CardButton addTarget:action:forControlEvents:] target=CardOwner action=tap: events=UIControlEventTouchUpInside
                -[CardView awakeFromNib]
                -[CardButton awakeFromNib]

                """),
        Golden(
            name: "G-NIB-2", level: .l2,
            expected: """
                EXCEPTION NSInternalInconsistencyException: Could not load NIB in bundle: 'NSBundle </App.app> (loaded)' with name 'Nope'

                """),
        Golden(
            name: "G-INIT-1", level: .l1,
            expected: """
                -[MyView initWithCoder:]
                -[MyLabel initWithCoder:]
                -[Helper init]
                -[MyView awakeFromNib]
                -[MyLabel awakeFromNib]
                -[Helper awakeFromNib]

                """),
        Golden(
            name: "G-INIT-2", level: .l1,
            expected: """
                -[Canvas initWithFrame:]
                -[FancyButton initWithCoder:]
                -[Controller init]
                -[Canvas awakeFromNib]
                -[FancyButton awakeFromNib]
                -[Controller awakeFromNib]
                -[Owner awakeFromNib]

                """),
        Golden(
            name: "G-OUT-1", level: .l2,
            expected: """
                -[CardView initWithCoder:]
                -[CardButton initWithCoder:]
                -[NSObject setValue:forKey:] key=rootView value=CardView
                EXCEPTION NSUnknownKeyException: [<NSObject 0xADDR> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key rootView.

                """),
        Golden(
            name: "G-OUT-2", level: .l2,
            expected: """
                -[CardView initWithCoder:]
                -[CardButton initWithCoder:]
                -[CardOwner setValue:forKey:] key=rootView value=CardView
                -[Watcher observeValueForKeyPath:ofObject:change:context:] keyPath=rootView object=CardOwner
                -[CardOwner setValue:forKey:] key=button value=CardButton
                -[CardButton addTarget:action:forControlEvents:] target=CardOwner action=tap: events=UIControlEventTouchUpInside
                -[CardView awakeFromNib]
                -[CardButton awakeFromNib]

                """),
        Golden(
            name: "G-ACT-1", level: .l2,
            expected: """
                -[SaveButton initWithCoder:]
                -[CopyButton initWithCoder:]
                LOG Could not connect action, target class Owner does not respond to -save:
                -[CopyButton setTarget:] target=nil
                -[CopyButton setAction:] action=copy:
                -[SaveButton awakeFromNib]
                -[CopyButton awakeFromNib]
                -[Owner awakeFromNib]

                """),
        Golden(
            name: "G-BIND-1", level: .l2,
            expected: """
                -[PrefsViewController loadView]
                -[SwatchView initWithFrame:]
                -[PrefsViewController setView:] value=SwatchView
                -[SwatchView bind:toObject:withKeyPath:options:] binding=hidden object=PrefsViewController keyPath=representedObject.isLocked options={NSValueTransformerName=NSNegateBoolean}
                -[SwatchView awakeFromNib]
                -[PrefsViewController awakeFromNib]
                -[PrefsViewController viewDidLoad]

                """),
        Golden(
            name: "G-AWAKE-1-a", level: .l1,
            expected: """
                -[Pane initWithCoder:]
                -[Pane awakeFromNib]

                """),
        Golden(
            name: "G-AWAKE-1-b", level: .l1,
            expected: """
                -[Pane initWithFrame:]
                -[Pane awakeFromNib]
                -[Owner awakeFromNib]

                """),
        Golden(
            name: "G-AWAKE-2", level: .l1,
            expected: """
                -[MyCell initWithCoder:]
                -[MyCell awakeFromNib]
                -[Delegate awakeFromNib]
                -[MyCell initWithCoder:]
                -[MyCell awakeFromNib]
                -[Delegate awakeFromNib]
                -[MyCell initWithCoder:]
                -[MyCell awakeFromNib]
                -[Delegate awakeFromNib]

                """),
        Golden(
            name: "G-WIN-1", level: .l2,
            expected: """
                -[GoButton initWithCoder:]
                -[AppDelegate init]
                -[NSApplication setDelegate:] value=AppDelegate
                -[AppDelegate setWindow:] value=NSWindow
                IVAR AppDelegate.canvas = GoButton
                LOG Failed to connect (ghost) outlet from (AppDelegate) to (GoButton): missing setter or instance variable
                -[GoButton setTarget:] target=nil
                -[GoButton setAction:] action=performClose:
                -[GoButton awakeFromNib]
                -[AppDelegate awakeFromNib]
                SHOW-WINDOW NSWindow
                -[AppDelegate applicationWillFinishLaunching:]
                -[AppDelegate applicationDidFinishLaunching:]

                """),
        Golden(
            name: "G-XML-1", level: .l2,
            expected: """
                -[ViewController initWithCoder:]
                -[ViewController awakeFromNib]
                -[ViewController setValue:forKey:] key=view value=UIView
                -[ViewController setValue:forKey:] key=goButton value=UIButton
                -[UIButton addTarget:action:forControlEvents:] target=ViewController action=tap: events=UIControlEventTouchUpInside
                -[UIButton addTarget:action:forControlEvents:] target=UIStoryboardSegueTemplate action=perform: events=UIControlEventTouchUpInside
                -[ViewController viewDidLoad]

                """),
        Golden(
            name: "G-XML-2", level: .l2,
            expected: """
                REJECT binding element in a CocoaTouch document (id b1)

                """),
    ]

    @Test("golden reproduced byte for byte at its trace level", arguments: goldens)
    func goldenIsReproduced(_ golden: Golden) throws {
        let actual = try SpecScenario.text(golden.name, level: golden.level)
        #expect(actual == golden.expected)
    }

    @Test("nibviz simulate prints exactly the golden on stdout", arguments: goldens)
    func cliPrintsTheGolden(_ golden: Golden) throws {
        let result = try runNibviz(
            ["simulate", "site/scenarios/spec/\(golden.name).yaml", "--trace", golden.level.description],
            currentDirectory: TestPaths.packageRoot
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.output == golden.expected)
    }
}
