/// Turns SPEC rule ids (`R-NIB-1`) and golden ids (`G-REL-1`) in rendered HTML text into links:
/// rules to their anchor on the rule index, goldens to their scenario page. Text inside links,
/// tags and inline SVG is left alone.
struct RuleLinker {
    /// Known rule ids → href (relative to the page being linked).
    var ruleHref: (String) -> String?
    /// Known golden ids → href.
    var goldenHref: (String) -> String?

    /// Rule ids seen (linked or not), for the "every cited id exists" check.
    private(set) var cited: [String] = []

    init(ruleHref: @escaping (String) -> String?, goldenHref: @escaping (String) -> String?) {
        self.ruleHref = ruleHref
        self.goldenHref = goldenHref
    }

    mutating func link(_ html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var anchorDepth = 0
        var svgDepth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                var end = index
                while end < scalars.count && scalars[end] != ">" { end += 1 }
                let tag = String(String.UnicodeScalarView(scalars[index..<min(end + 1, scalars.count)])).lowercased()
                if tag.hasPrefix("<a ") || tag == "<a>" { anchorDepth += 1 }
                if tag.hasPrefix("</a>") { anchorDepth = max(0, anchorDepth - 1) }
                if tag.hasPrefix("<svg") { svgDepth += 1 }
                if tag.hasPrefix("</svg") { svgDepth = max(0, svgDepth - 1) }
                out.append(contentsOf: scalars[index..<min(end + 1, scalars.count)])
                index = end + 1
                continue
            }
            if (scalar == "R" || scalar == "G"), index + 3 < scalars.count, scalars[index + 1] == "-",
                index == 0 || !Self.isWord(scalars[index - 1]), let (id, length) = Self.matchID(scalars, at: index)
            {
                if scalar == "R" { cited.append(id) }
                let href = anchorDepth == 0 && svgDepth == 0 ? (scalar == "R" ? ruleHref(id) : goldenHref(id)) : nil
                if let href {
                    out.append(contentsOf: "<a class=\"\(scalar == "R" ? "rule" : "golden")-ref\" href=\"\(href)\">\(id)</a>".unicodeScalars)
                } else {
                    out.append(contentsOf: id.unicodeScalars)
                }
                index += length
                continue
            }
            out.append(scalar)
            index += 1
        }
        return String(out)
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
    }

    /// `R-ABC-12` / `G-ABC-1` / `G-ABC-1-a` at `start`, with its length.
    static func matchID(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 2
        let lettersStart = index
        while index < scalars.count, ("A"..."Z").contains(scalars[index]) { index += 1 }
        guard index > lettersStart, index < scalars.count, scalars[index] == "-" else { return nil }
        index += 1
        let digitsStart = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index > digitsStart else { return nil }
        if scalars[start] == "G", index + 1 < scalars.count, scalars[index] == "-", ("a"..."z").contains(scalars[index + 1]),
            index + 2 >= scalars.count || !isWord(scalars[index + 2])
        {
            index += 2
        }
        if index < scalars.count, ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index]) { return nil }
        return (String(String.UnicodeScalarView(scalars[start..<index])), index - start)
    }
}
