import NibModel

/// Size and legibility of a rendered SVG, read from its bytes (a pure function, no XML parser:
/// Graphviz writes the root `width`/`height` in points and every text's `font-size`), so the
/// site and the tests decide the same way whether a diagram goes inline or into the zoom viewer.
public struct SVGMetrics: Hashable, Sendable {
    /// Drawn width in CSS pixels (Graphviz writes points; 1 pt = 4/3 px).
    public var width: Double
    /// Drawn height in CSS pixels.
    public var height: Double
    /// The smallest `font-size` in the drawing, in SVG user units (points); nil without text.
    public var smallestFont: Double?
    /// The `viewBox` width in user units (the width in points when there is no viewBox).
    public var viewBoxWidth: Double

    /// The smallest text in CSS pixels when the SVG is shown at most `column` px wide (scaled
    /// down to fit, never up); nil without text.
    public func smallestText(inColumn column: Double) -> Double? {
        guard let smallestFont, viewBoxWidth > 0 else { return nil }
        return smallestFont * min(width, column) / viewBoxWidth
    }

    /// True when the SVG, scaled to fit `column` px, keeps its smallest text at `minimum` px
    /// or more (the test: a 960 px column and 8 px text).
    public func fitsInline(column: Double = 960, minimum: Double = 8) -> Bool {
        guard let text = smallestText(inColumn: column) else { return true }
        return text >= minimum
    }

    /// Reads the metrics of Graphviz SVG bytes; nil when the root has no size.
    public init?(svg bytes: [UInt8]) {
        guard let root = Self.rootTag(bytes), let width = Self.number(attribute: "width", in: root),
            let height = Self.number(attribute: "height", in: root)
        else { return nil }
        let factor = Self.unitFactor(attribute: "width", in: root)
        self.width = width * factor
        self.height = height * Self.unitFactor(attribute: "height", in: root)
        if let box = Self.attribute("viewBox", in: root) {
            let values = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            viewBoxWidth = values.count == 4 ? values[2] : width
        } else {
            viewBoxWidth = width
        }
        smallestFont = Self.smallestFontSize(bytes)
    }

    /// The bytes of the root `<svg …>` start tag.
    private static func rootTag(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        guard let start = find(Array("<svg".utf8), in: bytes[...]) else { return nil }
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        return bytes[start...end]
    }

    private static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
        let needle = Array((" " + name + "=\"").utf8)
        guard let start = find(needle, in: tag) else { return nil }
        let valueStart = start + needle.count
        guard let end = tag[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: tag[valueStart..<end], as: UTF8.self)
    }

    /// The leading number of an attribute (`2034pt` → 2034).
    private static func number(attribute name: String, in tag: ArraySlice<UInt8>) -> Double? {
        guard let value = attribute(name, in: tag) else { return nil }
        return Double(String(value.prefix { $0.isNumber || $0 == "." }))
    }

    /// CSS pixels per unit of a length attribute: `pt` 4/3, `in` 96, `px` or none 1.
    private static func unitFactor(attribute name: String, in tag: ArraySlice<UInt8>) -> Double {
        let unit = attribute(name, in: tag).map { String($0.drop { $0.isNumber || $0 == "." }) } ?? ""
        switch unit {
        case "pt": return 4.0 / 3.0
        case "in": return 96
        case "cm": return 96 / 2.54
        case "mm": return 96 / 25.4
        default: return 1
        }
    }

    /// The smallest `font-size="N"` (Graphviz's text attribute) anywhere in the document.
    private static func smallestFontSize(_ bytes: [UInt8]) -> Double? {
        bytes.withUnsafeBufferPointer { bytes in
            var smallest: Double?
            // A drawing repeats a handful of sizes over thousands of texts: each distinct value is
            // read as a number once (a string and a parse per text were most of this function).
            var seen: [(text: ArraySlice<UInt8>, value: Double?)] = []
            var index = 0
            // Found through its `z` (index 7) with `memchr`: a `z` is rare in SVG, and `memmem`
            // over every figure of a site was 1 % of a build's own CPU.
            while let found = ByteSearch.firstIndex(of: "font-size=\"", anchoredAt: 7, in: bytes, from: index) {
                let start = found + "font-size=\"".utf8.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let value: Double?
                if let known = seen.first(where: { $0.text.elementsEqual(text) }) {
                    value = known.value
                } else {
                    value = Double(String(decoding: text, as: UTF8.self))
                    if seen.count < 16 { seen.append((ArraySlice(text), value)) }
                }
                if let value, value > 0 { smallest = min(smallest ?? value, value) }
                index = end
            }
            return smallest
        }
    }

    /// The offset of `needle` in `haystack` (offsets of the whole array).
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        haystack.withUnsafeBufferPointer { slice in
            needle.withUnsafeBufferPointer { ByteSearch.firstIndex(of: $0, in: slice, from: 0) }.map { $0 + haystack.startIndex }
        }
    }
}
