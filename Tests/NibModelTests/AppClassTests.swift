import NibModel
import Testing

/// `NibObject.appClass`: the custom class the app provides, without IB's bookkeeping on
/// placeholders (First Responder's UIResponder, the Application placeholder's NSObject).
@Suite struct AppClassTests {
    static func object(_ placeholder: String?, _ custom: String?) -> NibObject {
        NibObject(id: "o1", element: "placeholder", className: "NSObject", customClass: custom, placeholder: placeholder)
    }

    @Test func bookkeepingIsNoAppClass() {
        #expect(Self.object(PlaceholderIdentifier.firstResponder, "UIResponder").appClass == nil)
        #expect(Self.object(PlaceholderIdentifier.application, "NSObject").appClass == nil)
        #expect(Self.object(PlaceholderIdentifier.application, "NSApplication").appClass == nil)
    }

    @Test func chosenClassesAre() {
        #expect(Self.object(PlaceholderIdentifier.application, "MyApplication").appClass == "MyApplication")
        #expect(Self.object(PlaceholderIdentifier.filesOwner, "LoginController").appClass == "LoginController")
        #expect(Self.object(nil, "CardView").appClass == "CardView")
        #expect(Self.object(nil, nil).appClass == nil)
    }
}
