import Foundation
import NibModel
import NibTestSupport

@testable import NibSite

/// Builds sites into temporary folders with hand-made graphs, so these tests need neither the
/// parser nor the simulator (the site's boundary is `SiteServices`).
enum SiteFixtures {
    static var siteRoot: URL { TestPaths.packageRoot.appendingPathComponent("site") }

    static func temporaryDirectory(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibsite-tests-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A small iOS xib graph with an owner, a custom view, a button, an outlet and an action.
    static func cardGraph(file: String) -> NibGraph {
        NibGraph(
            file: file, format: .document, documentType: "com.apple.InterfaceBuilder3.CocoaTouch.XIB", platform: .ios,
            objects: [
                NibObject(
                    id: "-1", element: "placeholder", className: "NSObject", customClass: "CardOwner",
                    placeholder: PlaceholderIdentifier.filesOwner, label: "File's Owner", line: 3),
                NibObject(
                    id: "-2", element: "placeholder", className: "UIResponder", placeholder: PlaceholderIdentifier.firstResponder, line: 9),
                NibObject(id: "xRo-ot-001", element: "view", className: "UIView", customClass: "CardView", line: 10),
                NibObject(
                    id: "btn<&>\"'", element: "button", className: "UIButton", customClass: "Card<Button>", parent: "xRo-ot-001", line: 12),
            ],
            connections: [
                Connection(id: "o1", source: "-1", kind: .outlet(property: "rootView", destination: "xRo-ot-001"), line: 5),
                Connection(
                    id: "a1", source: "btn<&>\"'", kind: .action(selector: "tap:", target: "-1", eventType: "touchUpInside"), line: 14),
                Connection(
                    id: "a2", source: "btn<&>\"'", kind: .action(selector: "copy:", target: nil, eventType: "touchUpInside"), line: 15),
            ]
        )
    }

    /// Services whose parser returns `cardGraph` for `.xib` files and fails for files named `bad.*`.
    static func services() -> SiteServices {
        var services = SiteServices.fallback(toolVersion: "test")
        services.parseDocument = { url, name in
            if url.lastPathComponent.hasPrefix("bad") {
                throw LocatedError(at: FileLocation(file: name, line: 1, column: 1), "not an Interface Builder document")
            }
            return cardGraph(file: name)
        }
        services.simulateDocument = { _ in SiteTimeline(canonicalLines: "-[CardView initWithCoder:]\n-[CardView awakeFromNib]") }
        return services
    }

    /// Writes input documents: `Card.xib`, `nested/Other.xib` and, when asked, `bad.xib`.
    static func inputs(in directory: URL, includeBad: Bool) -> URL {
        let folder = directory.appendingPathComponent("project")
        try? FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("Card.xib").path, contents: Data("<document/>".utf8))
        _ = FileManager.default.createFile(
            atPath: folder.appendingPathComponent("nested/Other View.xib").path, contents: Data("<document/>".utf8))
        if includeBad {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("bad.xib").path, contents: Data("nope".utf8))
        }
        return folder
    }

    static func build(output: URL, cache: URL?, inputs: [URL] = [], siteRoot: URL = siteRoot) throws -> SiteReport {
        let options = SiteOptions(
            siteRoot: siteRoot, inputs: inputs, output: output, cacheDirectory: cache, useCache: cache != nil, version: "test",
            showProgress: false, logSteps: false)
        return try SiteBuilder(options: options, services: services(), backend: InProcessBackend()).build()
    }

    /// Every file under `root` as relative path → bytes.
    static func snapshot(_ root: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let paths = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String]) ?? []
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = root.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                out[path] = FileManager.default.contents(atPath: url.path)
            }
        }
        return out
    }
}
