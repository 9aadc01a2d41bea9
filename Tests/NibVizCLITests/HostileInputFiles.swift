import Foundation

/// Hostile inputs written by the tests themselves (never corpus copies): deep nesting, broken
/// characters, alias bombs. Each lands in a fresh temporary folder.
enum HostileInputFiles {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ name: String, _ text: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A xib whose first view nests `levels` subviews, each in its own `<subviews>`.
    static func nestedViews(_ levels: Int, storyboard: Bool = false) -> String {
        var body = "<view id=\"v0\" customClass=\"Root\">"
        for level in 1..<levels { body += "<subviews><view id=\"v\(level)\">" }
        for _ in 1..<levels { body += "</view></subviews>" }
        body += "</view>"
        if storyboard {
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc1">
                    <scenes>
                        <scene sceneID="s1">
                            <objects>
                                <viewController id="vc1" sceneMemberID="viewController">
                \(body.replacingOccurrences(of: "<view id=\"v0\"", with: "<view key=\"view\" id=\"v0\""))
                                </viewController>
                            </objects>
                        </scene>
                    </scenes>
                </document>

                """
        }
        return xib(body)
    }

    /// A document-format xib around `objects` (File's Owner included).
    static func xib(_ objects: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                \(objects)
            </objects>
        </document>

        """
    }

    /// An archive-format (Xcode 3) nib nested `levels` deep.
    static func deepArchive(_ levels: Int) -> String {
        var body = ""
        for _ in 0..<levels { body += "<object class=\"NSMutableArray\" key=\"NSSubviews\">" }
        for _ in 0..<levels { body += "</object>" }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
            <data>\(body)</data>
            </archive>

            """
    }

    /// A scenario whose inline nib is an alias bomb: 11 levels of ten aliases each.
    static func aliasBomb() -> String {
        var lines = ["platform: ios", "nibs:", "  N:", "    objects:", "      - &a0 { id: x, element: view, children: [] }"]
        for level in 1..<12 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("      - &a\(level) { id: x\(level), element: view, children: [\(refs)] }")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
