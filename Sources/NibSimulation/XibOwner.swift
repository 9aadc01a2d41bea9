import NibClasses
import NibModel

/// Who loads a xib, read from its File's Owner (R-XIB-1): a view controller whose view nib it is,
/// a window controller whose window nib it is, or any other object that loads it itself.
public enum XibOwner: Hashable, Sendable {
    /// A `UIViewController`/`NSViewController` subclass: made with `initWithNibName:bundle:`,
    /// the xib loads in `loadView` as its view is first shown (R-LOAD-2, R-MAC-3).
    case viewController(className: String, assumed: Bool)
    /// An `NSWindowController` subclass: made with `initWithWindowNibName:`, the xib loads in
    /// `loadWindow` on `showWindow:` (R-MAC-9, R-MAC-12).
    case windowController(className: String, assumed: Bool)
    /// A controller class whose `view` (`window`) outlet the xib leaves unconnected: not its
    /// view (window) nib as it stands, since loading it so would raise (R-LOAD-3); it is loaded
    /// once, and the note says what loading it as the controller's nib would do.
    case unconnectedController(className: String, outlet: String)
    /// Any other owner (or none): the xib is loaded once with `loadNibNamed:owner:` (R-NIB-1).
    case object

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
        if appKit && lookup.isKind(className, of: "NSWindowController") {
            return outlets["window"] == nil
                ? .unconnectedController(className: className, outlet: "window") : .windowController(className: className, assumed: false)
        }
        if lookup.isKind(className, of: appKit ? "NSViewController" : "UIViewController") {
            return outlets["view"] == nil
                ? .unconnectedController(className: className, outlet: "view") : .viewController(className: className, assumed: false)
        }
        // The first class up the chain that neither the table nor the framework table knows: a
        // class from code nibviz was not given (a pod, a framework), judged by its name.
        guard let unknown = lookup.firstUnknownAncestor(of: className) else { return .object }
        if appKit, unknown.hasSuffix("WindowController"),
            let window = outlets["window"], isTopLevel(window, in: graph, kindOf: "NSWindow", lookup: lookup)
        {
            return .windowController(className: className, assumed: true)
        }
        let namedLikeController = unknown.hasSuffix("ViewController") || (!appKit && unknown.hasSuffix("Controller"))
        if namedLikeController, let view = outlets["view"],
            isTopLevel(view, in: graph, kindOf: appKit ? "NSView" : "UIView", lookup: lookup)
        {
            return .viewController(className: className, assumed: true)
        }
        return .object
    }

    /// The steps that meet xib `nib` as its owner would (R-XIB-1); nil for `.object`, which
    /// loads the document once (`StepAction.loadDocument`).
    func steps(nib: String, at location: FileLocation) -> [ScenarioStep]? {
        let instance = "owner"
        switch self {
        case .viewController(let name, _):
            return [
                ScenarioStep(
                    .instantiate(name: instance, className: name, initializer: "initWithNibName:bundle:", nibName: nib), at: location),
                ScenarioStep(.showRoot(instance), at: location),
            ]
        case .windowController(let name, _):
            return [
                ScenarioStep(
                    .instantiate(name: instance, className: name, initializer: "initWithWindowNibName:", nibName: nib), at: location),
                ScenarioStep(.showWindow(instance), at: location),
            ]
        case .unconnectedController, .object:
            return nil
        }
    }

    /// How the run meets the xib, as a note on its timeline: what nibviz assumed and why.
    func note(nib: String) -> String? {
        switch self {
        case .viewController(let name, let assumed):
            return
                "File's Owner \(name) is \(assumed ? "taken for " : "")a view controller\(assumed ? " (its name and its view outlet; no class table says otherwise)" : ""): "
                + "it is made with initWithNibName:@\"\(nib)\" bundle:nil and shown, and loads this xib in loadView (R-XIB-1)"
        case .windowController(let name, let assumed):
            return
                "File's Owner \(name) is \(assumed ? "taken for " : "")a window controller\(assumed ? " (its name and its window outlet; no class table says otherwise)" : ""): "
                + "it is made with initWithWindowNibName:@\"\(nib)\" and sent showWindow:, and loads this xib in loadWindow (R-XIB-1)"
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
