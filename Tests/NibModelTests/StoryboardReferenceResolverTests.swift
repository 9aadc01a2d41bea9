import NibModel
import Testing

/// `StoryboardReferenceResolver`: the nearest storyboard of a reference's name (R-CHK-6 and the
/// site's links use it).
@Suite struct StoryboardReferenceResolverTests {
    static func board(_ key: String, identifiers: [String] = [], references: [(String?, String?)] = []) -> StoryboardDocument {
        var objects: [NibObject] = []
        var scenes: [Scene] = []
        for (number, identifier) in identifiers.enumerated() {
            let id = ObjectID("vc\(number)")
            objects.append(
                NibObject(
                    id: id, element: "viewController", className: "UIViewController", scene: "s\(number)", storyboardIdentifier: identifier)
            )
            scenes.append(Scene(id: "s\(number)", controller: id))
        }
        for (number, (name, identifier)) in references.enumerated() {
            var attributes: [String: String] = [:]
            attributes["storyboardName"] = name
            attributes["referencedIdentifier"] = identifier
            objects.append(
                NibObject(
                    id: ObjectID("ref\(number)"), element: "viewControllerPlaceholder", className: "UIViewController",
                    placeholder: PlaceholderIdentifier.storyboardReference, attributes: attributes))
        }
        let graph = NibGraph(
            file: key, format: .document, documentType: "", platform: .ios, isStoryboard: true, objects: objects, scenes: scenes,
            initialViewController: objects.first?.id)
        return StoryboardDocument(key: key, graph: graph)
    }

    static let boards = [
        board("App/Base.lproj/Main.storyboard", references: [("Settings", "AppSettings"), (nil, nil)]),
        board("App/Settings.storyboard", identifiers: ["AppSettings"]),
        board("Widget/Base.lproj/Main.storyboard", references: [("Settings", "WidgetSettings"), ("Missing", nil)]),
        board("Widget/Settings.storyboard", identifiers: ["WidgetSettings"]),
    ]

    static func reference(_ board: Int, _ number: Int) -> NibObject? {
        boards[board].graph.objects.first { $0.id == ObjectID("ref\(number)") }
    }

    @Test func theNearestStoryboardOfTheNameWinsLprojIgnored() throws {
        let app = try #require(Self.reference(0, 0))
        let widget = try #require(Self.reference(2, 0))
        #expect(StoryboardReferenceResolver.storyboard(of: app, from: 0, in: Self.boards) == 1)
        #expect(StoryboardReferenceResolver.storyboard(of: widget, from: 2, in: Self.boards) == 3)
        #expect(StoryboardReferenceResolver.target(of: widget, from: 2, in: Self.boards)?.scene == "s0")
        // The widget's Settings lacks AppSettings: the reference still opens it, scene unknown.
        let target = StoryboardReferenceResolver.target(of: app, from: 2, in: Self.boards)
        #expect(target?.storyboard == 3 && target?.scene == nil)
    }

    @Test func unnamedStaysMissingIsNilFlattenedNamesAnswer() throws {
        let unnamed = try #require(Self.reference(0, 1))
        let missing = try #require(Self.reference(2, 1))
        #expect(StoryboardReferenceResolver.storyboard(of: unnamed, from: 0, in: Self.boards) == 0)
        #expect(StoryboardReferenceResolver.storyboard(of: missing, from: 2, in: Self.boards) == nil)
        #expect(Self.board("x/App__Base.lproj__Main.storyboard").names == ["App__Base.lproj__Main", "Main"])
        #expect(StoryboardDocument.name(ofPath: "A/Main.storyboard") == "Main")
    }

    /// The name of a path, taken on the bytes of an ASCII path, is its `Character` definition's.
    @Test(arguments: [
        "A/Main.storyboard", "Main.storyboard", "a/b/", "a/b.c/d", "/", "", ".hidden", "a/.hidden", "x.tar.gz", "dir.d/file", "a//b.xib/",
        "é/Main.storyboard", "a/\u{301}b.xib", "a.",
    ])
    func nameOfPathIsItsDefinition(path: String) {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let expected: String
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { expected = String(last[..<dot]) } else { expected = last }
        #expect(StoryboardDocument.name(ofPath: path) == expected, "\(path.debugDescription)")
    }
}
