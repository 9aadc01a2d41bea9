import Foundation
import NibModel
import NibSources
import Testing

/// R-SRC-1 / R-SRC-4 on the Swift fixture: every declaration form.
@Suite struct SwiftReaderTests {
    let table: [String: ClassInfo]

    init() throws { table = try Fixtures.appIndex().table }

    @Test func outletsCollectionsInspectablesAndObjcPropertiesAreKeys() throws {
        let shop = try #require(table["ShopViewController"])
        for key in ["titleLabel", "priceLabel", "buttons", "cornerRadius", "total", "extraLabel"] {
            #expect(shop.keys.contains(key), "R-SRC-1: \(key) is seen by KVC")
        }
        #expect(shop.superclass == "UIViewController")
        #expect(shop.swiftModule == "Shop")
        #expect(shop.isUser)
    }

    @Test func privateAndNonObjcStoredPropertiesAreHidden() throws {
        let shop = try #require(table["ShopViewController"])
        #expect(!shop.keys.contains("hiddenField") && shop.hiddenKeys.contains("hiddenField"), "R-SRC-1: private non-@objc var")
        #expect(!shop.keys.contains("badge") && shop.hiddenKeys.contains("badge"), "R-SRC-1: a let of a view built in code")
        #expect(!shop.keys.contains("shared") && !shop.hiddenKeys.contains("shared"), "static members are not instance keys")
    }

    @Test func actionSelectorsFollowSwiftNaming() throws {
        let shop = try #require(table["ShopViewController"])
        for selector in ["buy:", "refresh", "shareWithSender:", "tapped:forEvent:", "customSelectorName:", "fromExtension:"] {
            #expect(shop.actions.contains(selector), "R-SRC-1: \(selector)")
        }
        #expect(!shop.actions.contains("plainSwiftMethod"), "R-SRC-1: a plain Swift method is not an action")
    }

    @Test func overridesAndSuperCalls() throws {
        let shop = try #require(table["ShopViewController"])
        let overrides = try #require(shop.overrides)
        for selector in ["initWithCoder:", "viewDidLoad", "viewWillAppear:", "awakeFromNib", "prepareForSegue:sender:"] {
            #expect(overrides.contains(selector), "R-SRC-4: \(selector)")
        }
        #expect(shop.behaviour.withoutSuper == ["viewWillAppear:"], "R-SRC-4: only viewWillAppear: skips super")
        #expect(shop.behaviour.callsSuper("viewDidLoad"))
    }

    @Test func objcRenameAndObjcMembers() throws {
        #expect(table["ModernCell"] == nil)
        let cell = try #require(table["LegacyCell"], "@objc(LegacyCell) is the runtime name")
        #expect(cell.keys == ["nameLabel"])
        #expect(cell.swiftModule == nil, "a renamed class is not module-qualified")
        let exposed = try #require(table["Exposed"])
        #expect(exposed.keys.contains("everything") && exposed.actions.contains("doIt:"), "@objcMembers exposes every member")
    }

    @Test func extensionsOfFrameworkClassesAddKeysToTheFrameworkEntry() throws {
        let view = try #require(table["UIView"])
        #expect(!view.isUser)
        #expect(view.keys.contains("borderWidth") && view.keys.contains("backgroundColor"))
        #expect(view.superclass == "UIResponder")
    }

    @Test func subclassesChainToTheirSuperclass() throws {
        let basket = try #require(table["BasketViewController"])
        #expect(basket.superclass == "ShopViewController")
        #expect(basket.keys == ["basketTable"])
    }

    @Test func identifierLiteralsInCode() throws {
        let index = try Fixtures.appIndex()
        let uses = index.identifierUses.map { "\($0.kind.rawValue) \($0.identifier) \($0.location.line)" }
        #expect(uses.contains("segue showBasket 20"))
        #expect(uses.contains("storyboardIdentifier DetailScene 21"))
        #expect(uses.contains("segue legacySegue 16"))
    }

    @Test func membersUnderIfConfigInAnyClauseAreRead() throws {
        // AltStore's InsetGroupTableViewCell: an @IBInspectable declared once per clause.
        let text = """
            class InsetCell: UITableViewCell {
            #if !TARGET_INTERFACE_BUILDER
                @IBInspectable var style: Style = .single
            #else
                @IBInspectable var style: Int = 0
            #endif
            #if DEBUG
                @IBOutlet weak var debugLabel: UILabel!
            #endif
                @IBInspectable var isSelectable: Bool = false
            }
            """
        let cell = try #require(Fixtures.read(text).classes.first)
        #expect(Set(cell.members.map(\.name)) == ["style", "debugLabel", "isSelectable"])
    }

    @Test func declarationsCarryLocations() throws {
        let shop = try #require(table["ShopViewController"])
        #expect(shop.source?.line == 4 && shop.source?.column == 7)
        #expect(shop.source?.file.hasSuffix("Shop/ShopViewController.swift") == true)
    }
}

/// An extension that names its class through a type alias declared in another file adds to that
/// class (Artsy's Eidolon: `typealias DeveloperOnly = PlaceBidViewController` and an `@IBAction`
/// in `extension DeveloperOnly`, connected from a storyboard).
@Suite struct SwiftTypeAliasTests {
    @Test func anExtensionThroughATypeAliasAddsToTheClass() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-alias-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "import UIKit\nclass PlaceBidViewController: UIViewController {}\n".write(
            to: folder.appendingPathComponent("PlaceBid.swift"), atomically: true, encoding: .utf8)
        try """
        typealias DeveloperOnly = PlaceBidViewController
        typealias Chained = DeveloperOnly
        typealias Ambiguous = PlaceBidViewController
        extension DeveloperOnly {
            @IBAction func dev_nextIncrementPressed(_ sender: AnyObject) {}
        }
        extension Chained {
            @IBAction func chained(_ sender: Any) {}
        }
        extension Ambiguous {
            @IBAction func ambiguous(_ sender: Any) {}
        }
        typealias Boxed<T> = Array<T>
        """.write(to: folder.appendingPathComponent("Developer.swift"), atomically: true, encoding: .utf8)
        try "typealias Ambiguous = UIView\n".write(to: folder.appendingPathComponent("Other.swift"), atomically: true, encoding: .utf8)
        // An alias inside a type names nothing at file scope, and an alias never takes the name of
        // a class the sources declare: the extension is that class's.
        try """
        import UIKit
        class ViewController: UIViewController {}
        struct Router { typealias ViewController = UIViewController }
        typealias PlaceBid = ViewController
        extension ViewController {
            @IBAction func routed(_ sender: Any) {}
        }
        """.write(to: folder.appendingPathComponent("Router.swift"), atomically: true, encoding: .utf8)
        let table = try SourceScanner.scan([folder.path]).table
        #expect(table["ViewController"]?.actions.contains("routed:") == true)
        #expect(table["UIViewController"]?.actions.contains("routed:") != true)
        let controller = try #require(table["PlaceBidViewController"])
        #expect(controller.actions.contains("dev_nextIncrementPressed:"))
        #expect(controller.actions.contains("chained:"), "an alias of an alias")
        #expect(!controller.actions.contains("ambiguous:"), "an alias declared twice, to two types, stands for neither")
        #expect(table["DeveloperOnly"] == nil)
    }
}
