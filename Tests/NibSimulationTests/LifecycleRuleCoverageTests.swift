import NibSimulation
import NibTestSupport
import Testing

/// R-… rules of SPEC §8–§14 added after the first lifecycle pass.
@Suite("View assignment by hand (R-LOAD-9)")
struct ViewAssignmentTests {
    /// A controller overriding the traced view selectors; `steps` follow.
    func yaml(_ steps: String) -> String {
        """
        platform: ios
        osVersion: "16.0"
        trace: L1
        classes:
          C: { superclass: UIViewController, overrides: [loadView, viewDidLoad, "setView:"] }
        objects:
          c: { class: C }
        steps:
        \(steps)
        """
    }

    @Test("R-LOAD-9: a view assigned before the first access means no loadView and no viewDidLoad")
    func assignedViewSkipsLoadView() throws {
        let timeline = try SpecScenario.run(yaml("  - setView: c\n  - accessView: c"))
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[C setView:]\n")
        #expect(timeline.transitions.contains { $0.to == .loaded && $0.rule == "R-LOAD-9" })
    }

    @Test("R-LOAD-9: without the assignment the same access runs loadView and viewDidLoad")
    func accessWithoutAssignmentLoads() throws {
        #expect(try SpecScenario.text(yaml: yaml("  - accessView: c")) == "-[C loadView]\n-[C viewDidLoad]\n")
    }
}

/// iOS 13+ storyboard creator blocks (R-VCI-8).
@Suite("Storyboard creator blocks (R-VCI-8)")
struct CreatorBlockTests {
    /// The storyboard of `StoryboardTests` with `HomeVC` tracing a custom decoder initializer.
    func yaml(os: String, step: String) -> String {
        StoryboardTests.yaml
            .replacingOccurrences(of: "platform: ios\n", with: "platform: ios\nosVersion: \"\(os)\"\n")
            .replacingOccurrences(of: "HomeVC: { overrides: [", with: "HomeVC: { overrides: [\"initWithCoder:viewModel:\", ")
            .replacingOccurrences(of: "  - instantiateInitialController: { storyboard: Main, as: nav }", with: step)
    }

    @Test("R-VCI-8: instantiateViewControllerWithIdentifier:creator: runs the block's initializer, initWithCoder:, then awakeFromNib")
    func creatorInitializerComesFirst() throws {
        let step = "  - instantiateController: { storyboard: Main, identifier: Home, creator: \"initWithCoder:viewModel:\" }"
        #expect(
            try SpecScenario.text(yaml: yaml(os: "16.0", step: step))
                == "-[HomeVC initWithCoder:viewModel:]\n-[HomeVC initWithCoder:]\n-[HomeVC awakeFromNib]\n")
    }

    @Test("R-VCI-8: only the first controller decoded gets the creator's initializer")
    func creatorAppliesOnce() throws {
        let step = """
              - instantiateController: { storyboard: Main, identifier: Home, creator: "initWithCoder:viewModel:" }
              - instantiateController: { storyboard: Main, identifier: Home }
            """
        let text = try SpecScenario.text(yaml: yaml(os: "16.0", step: step))
        #expect(text.components(separatedBy: "initWithCoder:viewModel:").count == 2)
    }

    @Test("R-VCI-8: before iOS 13 a creator block stops the run with a located note, and nothing is decoded")
    func creatorNeedsIOS13() throws {
        let step = "  - instantiateController: { storyboard: Main, identifier: Home, creator: \"initWithCoder:viewModel:\" }"
        let timeline = try SpecScenario.run(yaml(os: "12.0", step: step))
        #expect(TimelineFormatter.format(timeline, as: .text).isEmpty)
        #expect(timeline.notes.contains { $0.contains("inline.yaml:") && $0.contains("R-VCI-8") && $0.contains("iOS 13") })
    }
}

/// Presenting from inside a popover (R-APP-8).
@Suite("Presenting from a popover (R-APP-8)")
struct PopoverPresenterTests {
    /// A root `a`, a popover `p` over it, and `c` presented full screen from `p`, then dismissed.
    func yaml(popoverStyle: String) -> String {
        """
        platform: ios
        osVersion: "16.0"
        sdkVersion: "16.0"
        trace: L1
        classes:
          P: { superclass: UIViewController, overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
          C: { superclass: UIViewController, overrides: ["viewWillAppear:", "viewDidAppear:", "viewWillDisappear:", "viewDidDisappear:"] }
        objects:
          a: { class: UIViewController }
          p: { class: P }
          c: { class: C }
        steps:
          - showRoot: a
          - present: { controller: p, style: \(popoverStyle) }
          - present: { controller: c, style: fullScreen }
          - startTrace
          - dismiss
        """
    }

    @Test("R-APP-8: a controller inside a popover gets viewWillAppear: but no viewDidAppear: when what it presented is dismissed")
    func popoverPresenterMissesDidAppear() throws {
        let timeline = try SpecScenario.run(yaml(popoverStyle: "popover"))
        #expect(
            TimelineFormatter.format(timeline, as: .text)
                == "-[C viewWillDisappear:]\n-[P viewWillAppear:]\n-[C viewDidDisappear:]\n")
        #expect(timeline.transitions.contains { $0.to == .visible && $0.rule == "R-APP-8" })
    }

    @Test("R-APP-8: the same presenter in a form sheet does get viewDidAppear:")
    func sheetPresenterGetsDidAppear() throws {
        #expect(
            try SpecScenario.text(yaml: yaml(popoverStyle: "formSheet"))
                == "-[C viewWillDisappear:]\n-[P viewWillAppear:]\n-[P viewDidAppear:]\n-[C viewDidDisappear:]\n")
    }
}

/// AppKit containment (R-MAC-6).
@Suite("NSViewController containment (R-MAC-6)")
struct MacContainmentTests {
    static let selectors = """
        ["addChildViewController:", "insertChildViewController:atIndex:", removeFromParentViewController, "removeChildViewControllerAtIndex:", "willMoveToParentViewController:", "didMoveToParentViewController:", loadView], behaviour: { withoutSuper: [loadView], loadViewAssignsView: true }
        """

    /// `platform` with a parent `p` and a child `c`, added then removed.
    func yaml(_ platform: String, os: String) -> String {
        """
        platform: \(platform)
        osVersion: "\(os)"
        trace: L1
        classes:
          Parent: { superclass: \(platform == "ios" ? "UIViewController" : "NSViewController"), overrides: \(Self.selectors) }
          Child: { superclass: \(platform == "ios" ? "UIViewController" : "NSViewController"), overrides: \(Self.selectors) }
        objects:
          p: { class: Parent }
          c: { class: Child }
        steps:
          - addChild: { child: c, parent: p }
          - removeChild: c
        """
    }

    @Test(
        "R-MAC-6: macOS containment goes through insertChildViewController:atIndex: and removeChildViewControllerAtIndex:, with no willMove/didMove"
    )
    func macContainmentPrimitives() throws {
        let text = try SpecScenario.text(yaml: yaml("macos", os: "13.0"))
        #expect(
            text
                == "-[Parent addChildViewController:]\n-[Parent insertChildViewController:atIndex:]\n-[Parent loadView]\n-[Child loadView]\n-[Child removeFromParentViewController]\n-[Parent removeChildViewControllerAtIndex:]\n"
        )
    }

    @Test("R-MAC-6: the same steps on iOS send willMove/didMove and none of the AppKit primitives")
    func iOSContainmentUsesWillMove() throws {
        let text = try SpecScenario.text(yaml: yaml("ios", os: "16.0"))
        #expect(text.contains("willMoveToParentViewController:") && text.contains("didMoveToParentViewController:"))
        #expect(!text.contains("insertChildViewController") && !text.contains("removeChildViewControllerAtIndex"))
    }
}

/// NSViewController.loadViewIfNeeded availability (R-MAC-7).
@Suite("NSViewController loadViewIfNeeded (R-MAC-7)")
struct MacLoadViewIfNeededTests {
    /// A macOS controller whose loadView assigns a view, on `os`.
    func yaml(os: String) -> String {
        """
        platform: macos
        osVersion: "\(os)"
        trace: L1
        classes:
          C: { superclass: NSViewController, overrides: [loadViewIfNeeded, loadView, viewDidLoad], behaviour: { withoutSuper: [loadView], loadViewAssignsView: true } }
        objects:
          c: { class: C }
        steps:
          - loadViewIfNeeded: c
        """
    }

    @Test("R-MAC-7: on macOS 14 loadViewIfNeeded loads the view")
    func macOS14Loads() throws {
        let timeline = try SpecScenario.run(yaml(os: "14.0"))
        #expect(TimelineFormatter.format(timeline, as: .text) == "-[C loadViewIfNeeded]\n-[C loadView]\n-[C viewDidLoad]\n")
        #expect(timeline.events.first?.rule == "R-MAC-7")
    }

    @Test("R-MAC-7: before macOS 14 loadViewIfNeeded does not exist: the step stops with a note and nothing loads")
    func macOS13HasNoLoadViewIfNeeded() throws {
        let timeline = try SpecScenario.run(yaml(os: "13.0"))
        #expect(TimelineFormatter.format(timeline, as: .text).isEmpty)
        #expect(timeline.notes.contains { $0.contains("R-MAC-7") })
    }
}

/// Storyboard window controllers with a content controller (R-MAC-13).
@Suite("Storyboard window controllers (R-MAC-13)")
struct StoryboardWindowControllerTests {
    /// A macOS storyboard whose initial window controller has a content view controller.
    func yaml(contentFirst: Bool) -> String {
        """
        platform: macos
        osVersion: "14.0"
        trace: L1
        flags: { macContentVCBeforeWindowDidLoad: \(contentFirst) }
        classes:
          MainWC: { superclass: NSWindowController, overrides: ["initWithCoder:", awakeFromNib, windowWillLoad, loadWindow, windowDidLoad] }
          ContentVC: { superclass: NSViewController, overrides: ["initWithCoder:", awakeFromNib, loadView, viewDidLoad] }
        nibs:
          Main:
            initialViewController: wc
            scenes:
              - id: s1
                objects:
                  - id: wc
                    element: windowController
                    customClass: MainWC
                    sceneMember: viewController
                    children:
                      - { id: win, element: window, key: window }
                    connections:
                      - { segue: relationship, relationship: window.shadowedContentViewController, destination: vc, id: r1 }
              - id: s2
                objects:
                  - id: vc
                    element: viewController
                    customClass: ContentVC
                    sceneMember: viewController
                    children:
                      - { id: v, element: view, key: view }
        steps:
          - instantiateInitialController: { storyboard: Main, as: wc }
        """
    }

    @Test("R-MAC-13: the content controller is decoded after windowWillLoad and its viewDidLoad comes before windowDidLoad")
    func contentViewLoadsBeforeWindowDidLoad() throws {
        let timeline = try SpecScenario.run(yaml(contentFirst: true))
        #expect(
            TimelineFormatter.format(timeline, as: .text) == """
                -[MainWC initWithCoder:]
                -[MainWC awakeFromNib]
                -[MainWC windowWillLoad]
                -[ContentVC initWithCoder:]
                -[ContentVC awakeFromNib]
                -[ContentVC loadView]
                -[ContentVC awakeFromNib]
                -[ContentVC viewDidLoad]
                -[MainWC windowDidLoad]

                """)
        #expect(timeline.events.contains { $0.rule == "R-MAC-13" && $0.selector == "windowDidLoad" })
    }

    @Test("R-MAC-13: with macContentVCBeforeWindowDidLoad off, windowDidLoad comes before the content view loads")
    func flagOffPutsWindowDidLoadFirst() throws {
        let lines = TimelineFormatter.format(try SpecScenario.run(yaml(contentFirst: false)), as: .text).split(separator: "\n")
        let didLoad = try #require(lines.firstIndex(of: "-[MainWC windowDidLoad]"))
        let viewDidLoad = try #require(lines.firstIndex(of: "-[ContentVC viewDidLoad]"))
        #expect(didLoad < viewDidLoad)
        #expect(lines[didLoad - 1] == "-[ContentVC awakeFromNib]")
    }
}
