import NibClasses
import NibModel
import Testing

/// Keys the framework classes nibviz knows give an outlet of a user subclass (R-CHK-1 and
/// R-OUT-1 search the chain up to them): a document nib's `window` outlet on an NSDocument
/// subclass (`setWindow:`, the "window Interface Builder outlet" of NSDocument) is not an error.
@Suite struct FrameworkKeyTests {
    @Test func anNSDocumentSubclassHasTheWindowOutlet() {
        let lookup = ClassLookup(table: ["XtraDocument": ClassInfo(name: "XtraDocument", superclass: "NSDocument", isUser: true)])
        #expect(lookup.keyValueAnswer("XtraDocument", key: "window") == .found)
        #expect(lookup.keyValueAnswer("XtraDocument", key: "undoManager") == .found)
        #expect(lookup.keyValueAnswer("XtraDocument", key: "authorField") == .missing)
        #expect(lookup.keyValueAnswer("NSDocumentController", key: "window") == .missing)
    }

    /// A tvOS nib connects File's Owner's `preferredFocusedView` (an outlet Interface Builder
    /// offers on tvOS view controllers): not an R-CHK-1 error.
    @Test func aViewControllerHasThePreferredFocusedViewOutlet() {
        let lookup = ClassLookup(table: [
            "AboutViewController": ClassInfo(name: "AboutViewController", superclass: "UIViewController", isUser: true)
        ])
        #expect(lookup.keyValueAnswer("AboutViewController", key: "preferredFocusedView") == .found)
    }

    /// Vienna's main storyboard connects its NSApplication subclass's `dockMenu`, the outlet
    /// `applicationDockMenu(_:)` documents: not an R-CHK-1 error.
    @Test func anApplicationSubclassHasTheDockMenuOutlet() {
        let lookup = ClassLookup(table: ["ViennaApp": ClassInfo(name: "ViennaApp", superclass: "NSApplication", isUser: true)])
        #expect(lookup.keyValueAnswer("ViennaApp", key: "dockMenu") == .found)
        #expect(lookup.keyValueAnswer("NSWindow", key: "dockMenu") == .missing)
    }

    /// OsmAnd's cell xib connects `textLabel`, a read-only UITableViewCell property: whether KVC
    /// sets it depends on UIKit's private instance variables, so it is unknown, not an error.
    @Test func aReadOnlyFrameworkPropertyIsUnknown() {
        let lookup = ClassLookup(table: ["FloatingCell": ClassInfo(name: "FloatingCell", superclass: "UITableViewCell", isUser: true)])
        #expect(lookup.keyValueAnswer("FloatingCell", key: "textLabel") == .unknown)
        #expect(lookup.keyValueAnswer("FloatingCell", key: "accessoryView") == .found)
        #expect(lookup.keyValueAnswer("FloatingCell", key: "noSuchKey") == .missing)
    }
}
