import NibModel
import NibSources
import Testing

/// R-SRC-2 / R-SRC-4 on the Objective-C fixture: interface, extension, category, implementation.
@Suite struct ObjCReaderTests {
    let table: [String: ClassInfo]

    init() throws { table = try Fixtures.appIndex().table }

    @Test func interfacePropertiesIvarsAndCollections() throws {
        let legacy = try #require(table["LegacyController"])
        #expect(legacy.superclass == "UIViewController")
        for key in ["headerLabel", "tabButtons", "completion", "radius", "privateField", "titleText"] {
            #expect(legacy.keys.contains(key), "R-SRC-2: key \(key)")
        }
        for ivar in ["ivarOutlet", "plainIvar", "secondIvar", "implementationOutlet", "_headerLabel", "_count", "_cornerRadius"] {
            #expect(legacy.ivars.contains(ivar), "R-SRC-2: ivar \(ivar)")
        }
        #expect(!legacy.keys.contains("count"), "a readonly property has no setter")
        #expect(legacy.keys.contains("URL") && legacy.keys.contains("titleText"), "R-SRC-2: set<Key>: sets the key")
        #expect(!legacy.keys.contains("tingsAction"), "R-SRC-2: settingsAction: is no setter (KVC capitalises the key)")
        #expect(legacy.swiftModule == nil)
    }

    @Test func actionsFromInterfaceExtensionCategoryAndImplementation() throws {
        let legacy = try #require(table["LegacyController"])
        for selector in ["save:", "cancel:forEvent:", "reloadWithName:animated:", "share:", "privateAction:", "viewDidLoad"] {
            #expect(legacy.actions.contains(selector), "R-SRC-2: \(selector)")
        }
    }

    @Test func overridesAndSuperCalls() throws {
        let legacy = try #require(table["LegacyController"])
        #expect(legacy.overrides?.contains("viewDidLoad") == true)
        #expect(legacy.overrides?.contains("loadView") == true)
        #expect(legacy.behaviour.withoutSuper.contains("loadView"), "R-SRC-4: loadView without [super loadView]")
        #expect(!legacy.behaviour.withoutSuper.contains("viewDidLoad"))
    }

    @Test func unknownMacrosAndSuperclassesAreTolerated() {
        let text = """
            #define WEIRD(x) x
            API_AVAILABLE(ios(13.0)) __attribute__((objc_subclassing_restricted))
            @interface Odd : SomeVendorBase <Proto>
            @property (nonatomic) WEIRD(int) value MACRO_AFTER;
            @property IBOutlet id<Proto> delegate2;
            - (IBAction) go : (id) sender NS_SWIFT_NAME(go(_:));
            @end
            """
        let declarations = Fixtures.read(text, path: "Odd.h")
        let odd = declarations.classes.first
        #expect(odd?.superclass == "SomeVendorBase")
        #expect(odd?.members.map(\.name).contains("value") == true)
        #expect(odd?.members.contains { $0.kind == .outlet && $0.name == "delegate2" } == true)
        #expect(odd?.members.contains { $0.kind == .method && $0.name == "go:" } == true)
    }
}
