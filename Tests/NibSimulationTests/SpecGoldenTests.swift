import NibSimulation
import Testing

/// Every golden sequence of SPEC §1–7 and §15, copied from SPEC.md, against
/// `nibviz simulate site/scenarios/spec/<name>.yaml --trace <level>`.
@Suite("SPEC goldens §1–7, §15")
struct SpecGoldenTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        let name: String
        let level: TraceLevel
        let expected: String
        var testDescription: String { name }
    }

    static let goldens: [Golden] = [
        Golden(name: "G-NIB-1", level: .l2, expected: """
            -[CardView initWithCoder:]
            -[CardButton initWithCoder:]
            -[CardOwner setValue:forKey:] key=rootView value=CardView
            -[CardOwner setValue:forKey:] key=button value=CardButton
            -[CardButton addTarget:action:forControlEvents:] target=CardOwner action=tap: events=UIControlEventTouchUpInside
            -[CardView awakeFromNib]
            -[CardButton awakeFromNib]

            """),
    ]

    @Test("golden reproduced byte for byte at its trace level", arguments: goldens)
    func goldenIsReproduced(_ golden: Golden) throws {
        let actual = try SpecScenario.text(golden.name, level: golden.level)
        #expect(actual == golden.expected)
    }
}
