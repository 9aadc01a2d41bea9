import NibSimulation
import NibTestSupport
import Testing

/// SPEC §9's golden resolution table (R-NN-2/4/5/6), class `MyViewController`, nil `nibName`.
@Suite("Nib name resolution (R-NN)")
struct NibNameResolutionTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let nibs: [String]
        let idiom: String
        let lines: [String]
        var viewOutlet = true
        var testDescription: String { "\(nibs.joined(separator: ", ")) on \(idiom)" }
    }

    static let rows: [Row] = [
        Row(
            nibs: ["MyView", "MyViewController"], idiom: "phone",
            lines: ["RESOLVE MyView~iphone.nib -> missing", "RESOLVE MyView.nib -> found"]),
        Row(
            nibs: ["MyViewController"], idiom: "phone",
            lines: [
                "RESOLVE MyView~iphone.nib -> missing", "RESOLVE MyView.nib -> missing", "RESOLVE MyViewController~iphone.nib -> missing",
                "RESOLVE MyViewController.nib -> found",
            ]),
        Row(
            nibs: ["MyViewController~ipad"], idiom: "phone",
            lines: [
                "RESOLVE MyView~iphone.nib -> missing", "RESOLVE MyView.nib -> missing", "RESOLVE MyViewController~iphone.nib -> missing",
                "RESOLVE MyViewController.nib -> missing",
            ]),
        Row(
            nibs: ["MyViewController~ipad"], idiom: "pad",
            lines: ["RESOLVE MyView~ipad.nib -> missing", "RESOLVE MyView.nib -> missing", "RESOLVE MyViewController~ipad.nib -> found"]),
        Row(
            nibs: ["MyView"], idiom: "phone",
            lines: [
                "RESOLVE MyView~iphone.nib -> missing", "RESOLVE MyView.nib -> found",
                "EXCEPTION NSInternalInconsistencyException: -[UIViewController _loadViewFromNibNamed:bundle:] loaded the \"MyView\" nib but the view outlet was not set.",
            ], viewOutlet: false),
    ]

    /// A nib with File's Owner `MyViewController` and one view, its `view` outlet set or not (YAML
    /// lines under `nibs:`).
    static func nib(_ name: String, viewOutlet: Bool) -> String {
        let connections = viewOutlet ? ", connections: [{ outlet: view, destination: v1, id: o1 }]" : ""
        return [
            "  \(name):", "    objects:",
            "      - { id: \"-1\", placeholder: IBFilesOwner, customClass: MyViewController\(connections) }",
            "      - { id: v1, element: view }",
        ].joined(separator: "\n")
    }

    @Test("R-NN-2 R-NN-4 R-NN-5 R-NN-6: the golden table's RESOLVE lines and result", arguments: rows)
    func goldenTable(_ row: Row) throws {
        let yaml = [
            "platform: ios", "idiom: \(row.idiom)", "trace: L3", "classes:",
            "  MyViewController: { superclass: UIViewController, overrides: [] }", "objects:", "  vc: { class: MyViewController }",
            "nibs:", row.nibs.map { Self.nib($0, viewOutlet: row.viewOutlet) }.joined(separator: "\n"), "steps:", "  - accessView: vc",
        ].joined(separator: "\n")
        let text = try SpecScenario.text(yaml: yaml)
        let lines = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("RESOLVE") || $0.hasPrefix("EXCEPTION") }
        #expect(lines == row.lines)
    }

    @Test("R-NN-7: a missing explicit nibName raises at view load and does not fall back to the class name")
    func explicitMissingNibRaises() throws {
        let yaml = [
            "platform: ios", "trace: L1", "classes:", "  MyViewController: { superclass: UIViewController, overrides: [] }",
            "nibs:", Self.nib("MyViewController", viewOutlet: true), "steps:",
            "  - instantiate: { name: vc, class: MyViewController, initializer: \"initWithNibName:bundle:\", nibName: Nope }",
            "  - accessView: vc",
        ].joined(separator: "\n")
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.hasPrefix("EXCEPTION NSInternalInconsistencyException: Could not load NIB in bundle"))
        #expect(!text.contains("RESOLVE"))
    }
}

/// Appendix C flags of §9.
@Suite("Nib name flags (R-NN-7, R-NN-9)")
struct NibNameFlagTests {
    @Test("R-NN-7: legacyExplicitNibFallback on iOS 5 falls back to the class-name search")
    func legacyFallback() throws {
        let yaml = [
            "platform: ios", "osVersion: \"5.1\"", "trace: L3", "flags: { legacyExplicitNibFallback: true }", "classes:",
            "  MyViewController: { superclass: UIViewController, overrides: [] }",
            "nibs:", NibNameResolutionTests.nib("MyViewController", viewOutlet: true), "steps:",
            "  - instantiate: { name: vc, class: MyViewController, initializer: \"initWithNibName:bundle:\", nibName: Nope }",
            "  - accessView: vc",
        ].joined(separator: "\n")
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.contains("RESOLVE MyViewController.nib -> found"))
        #expect(!text.contains("EXCEPTION"))
    }

    @Test("R-NN-9: a Swift NSViewController on macOS 10.11 looks up Module.Class")
    func qualifiedMacName() throws {
        let yaml = """
            platform: macos
            osVersion: "10.11"
            trace: L1
            classes:
              Shapes01: { superclass: NSViewController, swiftModule: C4ExamplesOSX, overrides: [] }
            objects:
              vc: { class: Shapes01 }
            steps:
              - accessView: vc
            """
        let text = try SpecScenario.text(yaml: yaml)
        #expect(text.contains("could not load the nibName: C4ExamplesOSX.Shapes01 in bundle"))
    }
}
