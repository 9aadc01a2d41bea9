import Foundation
import GraphvizShim
import NibTestSupport
import Testing

@testable import GraphvizRender

/// The SVG renderer's coordinates, printed by nibviz's `gvprintdouble` (NumberPrinting.c)
/// instead of libgvc's snprintf: the same bytes, digit for digit.
@Suite struct CoordinatePrintingTests {
    /// The C library's "%.02f" of `value`.
    static func printf(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.02f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func ours(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let length = nibviz_print_two_decimals(value, &buffer)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func coordinate(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let length = nibviz_print_coordinate(value, &buffer)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Ties in binary (x.125, x.375, …: printf rounds them to even), decimal near-ties that are
    /// not ties in binary (2.675 is 2.67499…), signs, carries into a new digit, the domain's
    /// edges, and a seeded spread of coordinates with one to four decimals.
    @Test func twoDecimalsAreThoseOfPrintf() {
        var values: [Double] = [
            0, -0.0, 0.125, 0.375, -0.125, 2.675, 1.005, 1.015, 0.005, -0.005, 0.995, 9.995, 99.995, -99.995,
            0.01, 123_456.785, 0.045, 1e-9, -1e-9, 0.0049999, 9_999_999_999_999.99, -9_999_999_999_999.99, 4_503_599_627_370.5,
        ]
        // The neighbours of decimal midpoints (x.xx5), a few ulps either side.
        for midpoint in [0.005, 0.015, 1.005, 2.675, 10.125, 99.995, 1234.565, 4_503_599.995] {
            var below = midpoint
            var above = midpoint
            for _ in 0..<4 {
                values += [below, above, -below, -above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        var generator = SplitMix64(seed: 17)
        for _ in 0..<200_000 {
            let scale = [1.0, 10, 100, 1000, 10_000][Int.random(in: 0..<5, using: &generator)]
            values.append(Double(Int.random(in: -200_000_000...200_000_000, using: &generator)) / scale)
            values.append(Double.random(in: -1e12...1e12, using: &generator))
        }
        var mismatches: [String] = []
        for value in values where nibviz_prints_two_decimals(value) != 0 {
            let expected = Self.printf(value)
            let actual = Self.ours(value)
            if expected != actual { mismatches.append("\(value): printf \(expected), ours \(actual)") }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) values differ, among them \(mismatches.prefix(5))")
        #expect(nibviz_prints_two_decimals(.infinity) == 0 && nibviz_prints_two_decimals(.nan) == 0)
        #expect(nibviz_prints_two_decimals(1e13) == 0)
    }

    /// libgvc 2.43's rules around the digits: zeros and a bare point dropped, a value within
    /// ±1e-8 is 0, a small negative keeps its sign.
    @Test(arguments: [
        (10.0, "10"), (0.5, "0.5"), (-12.25, "-12.25"), (5e-9, "0"), (-5e-9, "0"), (-0.003, "-0"), (0.001, "0"), (2.675, "2.67"),
        (1.999, "2"),
    ])
    func coordinatesDropTrailingZerosAsLibgvcDoes(value: Double, text: String) {
        #expect(Self.coordinate(value) == text)
    }

    /// The renderer calls nibviz's function (the executable's definition comes first), and a
    /// drawing of rounded boxes, curved edges and clusters gives the same bytes through it as
    /// through libgvc's own.
    @Test func renderedSVGIsTheSameThroughEitherFunction() throws {
        let dot = """
            digraph G { rankdir=LR; node [shape=box, style="rounded,filled"]
              subgraph cluster_a { label="A"; style=rounded; a1 -> a2 [label="0.125"] }
              a2 -> b [penwidth=1.37]; b -> c [arrowsize=0.4]; c -> a1 [constraint=false]
              d [shape=ellipse, width=1.333]; c -> d [label=<<B>x</B>>]
            }
            """
        func render() throws -> [UInt8] {
            try GraphvizRenderer.shared.render(RenderRequest(dot: dot, engine: .dot, format: .svg, name: "t.dot")).data
        }
        let before = nibviz_fast_coordinate_prints()
        let ours = try render()
        #if os(Linux)
            // Only the version NumberPrinting.c was checked against gets nibviz's digits. The
            // version is the one libgvc told the printer: a call reached it either way.
            let version = nibviz_graphviz_version().map { String(cString: $0) }
            #expect(version?.hasPrefix("2.") == true, "the SVG renderer reaches nibviz's gvprintdouble")
            if version?.hasPrefix("2.43.") == true {
                #expect(nibviz_fast_coordinate_prints() > before, "and on 2.43 it prints the digits itself")
            }
        #endif
        nibviz_print_coordinates_ourselves(0)
        defer { nibviz_print_coordinates_ourselves(1) }
        let libgvc = try render()
        #expect(ours == libgvc)
        #expect(String(decoding: ours, as: UTF8.self).contains("<path"))
    }
}
