import NibClasses
import NibModel

/// Who loads a xib, read from its File's Owner (R-XIB-1): a view controller whose view nib it is,
/// a window controller whose window nib it is, or any other object that loads it itself.
public enum XibOwner: Hashable, Sendable {
    /// A `UIViewController`/`NSViewController` subclass: the xib loads in `loadView` when its
    /// view is first accessed (R-LOAD-1, R-LOAD-2, R-MAC-2, R-MAC-3; G-LOAD-1, G-BIND-1).
    case viewController(Controller)
    /// An `NSWindowController` subclass: the xib loads in `loadWindow` on `showWindow:`
    /// (R-MAC-9, R-MAC-12).
    case windowController(Controller)
    /// A controller class whose `view` (`window`) outlet the xib leaves unconnected: not its
    /// view (window) nib as it stands, since loading it so would raise (R-LOAD-3); it is loaded
    /// once, and the note says what loading it as the controller's nib would do.
    case unconnectedController(className: String, outlet: String)
    /// Any other owner (or none): the xib is loaded once with `loadNibNamed:owner:` (R-NIB-1).
    case object

    /// The controller a run makes to load the xib.
    public struct Controller: Hashable, Sendable {
        /// The File's Owner's class.
        public var className: String
        /// The overridden selector that makes the run create it with `init`: `init` itself, or the
        /// nib name getter (`nibName`, `windowNibName`) of a class that names its own nib so that
        /// code need not (UIKit's and AppKit's `init` end in the designated initializer, R-VCI-2,
        /// R-MAC-1, R-MAC-11); nil: the designated initializer naming the xib,
        /// `initWithNibName:bundle:` (`initWithWindowNibName:`).
        public var initEvidence: String?
        /// Why it is taken for a controller when no class table follows its chain to UIKit or
        /// AppKit; nil when the table decided.
        public var judgedBy: Judgement?

        /// `init` when there is evidence for it, else `designated`, the kind's initializer naming
        /// the xib.
        public func initializer(designated: String) -> String { initEvidence == nil ? designated : "init" }

        /// Creates a controller.
        public init(className: String, initEvidence: String? = nil, judgedBy: Judgement?) {
            self.className = className
            self.initEvidence = initEvidence
            self.judgedBy = judgedBy
        }
    }

    /// A controller taken for one by a class's name: the owner's own class, or the first
    /// superclass the table lacks, and whether there was a table at all.
    public struct Judgement: Hashable, Sendable {
        /// The class whose name was read.
        public var className: String
        /// Whether a class table was given (which lacks that class).
        public var hasTable: Bool

        /// Creates a judgement.
        public init(className: String, hasTable: Bool) {
            self.className = className
            self.hasTable = hasTable
        }
    }

    /// The owner of `graph`, a xib: its File's Owner's class chain in `classes` (or the framework
    /// table) decides; a class neither knows is judged by its name and its `view` or `window`
    /// outlet (R-XIB-1). A storyboard has no File's Owner: `.object`.
    public static func of(_ graph: NibGraph, classes: [String: ClassInfo]?) -> XibOwner {
        guard !graph.isStoryboard, let owner = graph.objects.first(where: { $0.placeholder == PlaceholderIdentifier.filesOwner })
        else { return .object }
        let className = owner.runtimeClass
        let lookup = ClassLookup(table: classes)
        let appKit = graph.platform.usesAppKit
        let outlets = ownerOutlets(owner.id, in: graph)
        // `init` only on the table's word: without one every user class "overrides" everything.
        func controller(nibGetter: String, judgedBy: String?) -> Controller {
            let known = classes != nil && lookup.entry(className) != nil
            return Controller(
                className: className, initEvidence: known ? ["init", nibGetter].first { lookup.overrides(className, $0) } : nil,
                judgedBy: judgedBy.map { Judgement(className: $0, hasTable: classes != nil) })
        }
        if appKit && lookup.isKind(className, of: "NSWindowController") {
            return outlets["window"] == nil
                ? .unconnectedController(className: className, outlet: "window")
                : .windowController(controller(nibGetter: "windowNibName", judgedBy: nil))
        }
        if lookup.isKind(className, of: appKit ? "NSViewController" : "UIViewController") {
            return outlets["view"] == nil
                ? .unconnectedController(className: className, outlet: "view")
                : .viewController(controller(nibGetter: "nibName", judgedBy: nil))
        }
        // The first class up the chain that neither the table nor the framework table knows: a
        // class from code nibviz was not given (a pod, a framework), judged by its name.
        guard let unknown = lookup.firstUnknownAncestor(of: className) else { return .object }
        if appKit, unknown.hasSuffix("WindowController"),
            let window = outlets["window"], isTopLevel(window, in: graph, kindOf: "NSWindow", lookup: lookup)
        {
            // The engine makes an `init` window controller only of a known NSWindowController.
            return .windowController(Controller(className: className, judgedBy: Judgement(className: unknown, hasTable: classes != nil)))
        }
        let namedLikeController = unknown.hasSuffix("ViewController") || (!appKit && unknown.hasSuffix("Controller"))
        if namedLikeController, let view = outlets["view"],
            isTopLevel(view, in: graph, kindOf: appKit ? "NSView" : "UIView", lookup: lookup)
        {
            return .viewController(controller(nibGetter: "nibName", judgedBy: unknown))
        }
        return .object
    }

    /// The steps that meet xib `nib` as its owner would (R-XIB-1); nil for a xib loaded once
    /// (`StepAction.loadDocument`).
    func steps(nib: String, at location: FileLocation) -> [ScenarioStep]? {
        let instance = "owner"
        switch self {
        case .viewController(let made):
            return [
                ScenarioStep(
                    .instantiate(
                        name: instance, className: made.className, initializer: made.initializer(designated: "initWithNibName:bundle:"),
                        nibName: nib), at: location),
                // The first view access, as G-LOAD-1 and G-BIND-1 meet such a xib: how the app
                // shows the controller (pushed, presented, a window's root) is not in the xib.
                ScenarioStep(.accessView(instance), at: location),
            ]
        case .windowController(let made):
            return [
                ScenarioStep(
                    .instantiate(
                        name: instance, className: made.className, initializer: made.initializer(designated: "initWithWindowNibName:"),
                        nibName: nib), at: location),
                ScenarioStep(.showWindow(instance), at: location),
            ]
        case .unconnectedController, .object:
            return nil
        }
    }

    /// How the run meets the xib, as a note on its timeline: what nibviz assumed and why.
    func note(nib: String, appKit: Bool) -> String? {
        switch self {
        case .viewController(let made):
            let creation =
                made.initEvidence != nil
                ? "init (\(Self.evidence(made)); init ends in initWithNibName:bundle:, \(appKit ? "R-MAC-1" : "R-VCI-2"))"
                : "initWithNibName:@\"\(nib)\" bundle:nil"
            return "File's Owner \(made.className) is \(Self.kind("a view controller", "view", made)): "
                + "it is made with \(creation) and its view accessed, which loads this xib in loadView (R-XIB-1)"
        case .windowController(let made):
            let creation =
                made.initEvidence != nil
                ? "init (\(Self.evidence(made)); init ends in initWithWindow:, R-MAC-11)"
                : "initWithWindowNibName:@\"\(nib)\""
            return "File's Owner \(made.className) is \(Self.kind("a window controller", "window", made)): "
                + "it is made with \(creation) and sent showWindow:, and loads this xib in loadWindow (R-XIB-1)"
        case .unconnectedController(let name, let outlet):
            let raise =
                outlet == "view"
                ? "loading it as its view nib would raise \"loaded the nib but the view outlet was not set\" (R-LOAD-3"
                : "loading it as its window nib would leave the controller without a window (R-MAC-10"
            return "File's Owner \(name) is a \(outlet == "view" ? "view" : "window") controller whose \(outlet) outlet this xib does not "
                + "connect: it is loaded once here; \(raise), R-XIB-1)"
        case .object:
            return nil
        }
    }

    /// Why the run makes the controller with `init`: the override that says so.
    private static func evidence(_ made: Controller) -> String {
        switch made.initEvidence {
        case "init"?, nil: "its class overrides it"
        case let getter?: "its class names its own nib in \(getter), so code need not"
        }
    }

    /// "a view controller", or why it is taken for one: the name read and the outlet.
    private static func kind(_ kind: String, _ outlet: String, _ made: Controller) -> String {
        guard let judged = made.judgedBy else { return kind }
        let whose =
            judged.className == made.className
            ? "its name and its \(outlet) outlet"
            : "the name of its superclass \(judged.className) and its \(outlet) outlet"
        let why =
            !judged.hasTable
            ? "no class table"
            : judged.className == made.className
                ? "the sources given do not declare it" : "the sources given do not declare \(judged.className)"
        return "taken for \(kind) by \(whose) (\(why))"
    }

    private static func ownerOutlets(_ owner: ObjectID, in graph: NibGraph) -> [String: ObjectID] {
        var outlets: [String: ObjectID] = [:]
        for connection in graph.connections where connection.source == owner {
            if case .outlet(let property, _) = connection.kind, let destination = connection.destination, outlets[property] == nil {
                outlets[property] = destination
            }
        }
        return outlets
    }

    /// Whether `id` is a top-level object of framework class `kind` (by its element's class:
    /// `<customView customClass="Board">` is an `NSView`, an archived `NSWindowTemplate` an `NSWindow`).
    private static func isTopLevel(_ id: ObjectID, in graph: NibGraph, kindOf kind: String, lookup: ClassLookup) -> Bool {
        guard let object = graph.objectsByID[id] else { return false }
        return object.parent == nil && !object.isPlaceholder && lookup.isKind(object.className, of: kind)
    }
}
