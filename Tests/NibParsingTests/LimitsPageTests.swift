import Foundation
import NibModel
import NibTestSupport
import Testing

/// The limits page quotes the limits the code enforces (one fact, one place: `InputLimits`).
@Suite struct LimitsPageTests {
    @Test func theLimitsPageQuotesEveryInputLimit() throws {
        let page = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("site/pages/reference/limits.md"), encoding: .utf8)
        for value in [
            InputLimits.maxElementDepth, InputLimits.maxYAMLDepth, InputLimits.maxYAMLNodes, InputLimits.maxMakeViewCount,
            InputLimits.maxTooltipCharacters, InputLimits.maxArchiveValues, InputLimits.maxArchiveValueDepth,
        ] {
            #expect(page.contains("**\(value)**"), "limits.md should state \(value)")
        }
    }
}
