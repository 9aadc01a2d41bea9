import NibModel

/// Post-processing of Graphviz SVG bytes: for `--theme auto`, a `<style>` that switches to the
/// dark palette under `prefers-color-scheme: dark`, keyed on the roles' `class` attributes.
/// CSS rules beat SVG presentation attributes, so the light colours Graphviz wrote are
/// overridden without touching the drawing. Deterministic: roles in declaration order.
public enum SVGTheming {
    /// `svg` with the theme applied; light and dark are drawn by the DOT and returned as is.
    /// `standalone`: a file a browser opens on its own ("Open SVG"), drawn at its own size, the
    /// dark background filling the window around it.
    public static func apply(_ theme: DiagramTheme, to svg: [UInt8], standalone: Bool = false) -> [UInt8] {
        guard theme == .auto else { return svg }
        return insertStyle(standalone ? standaloneBlock : inlineBlock, into: svg)
    }

    /// The `<style>` blocks `apply` inserts, made once: a site writes a standalone SVG for every
    /// figure that opens in the viewer, and building the stylesheet's ~100 rules each time cost
    /// more than copying the SVG.
    private static let inlineBlock = styleBlock(stylesheet(standalone: false))
    private static let standaloneBlock = styleBlock(stylesheet(standalone: true))

    /// The stylesheet for `auto`: web-friendly sizing (not `standalone`) plus the dark palette
    /// behind a media query.
    public static func stylesheet(standalone: Bool = false) -> String {
        var css = standalone ? "" : "svg{max-width:100%;height:auto}\n"
        css += "@media (prefers-color-scheme: dark){\n"
        // `:root` is the <svg> only when the file is the document (never inline in a page).
        if standalone { css += ":root{background:\(Palette.background(dark: true))}\n" }
        css += rules(dark: true)
        css += "}\n"
        return css
    }

    /// CSS rules painting every role (and the background) with one palette.
    public static func rules(dark: Bool) -> String {
        var css = ".graph>polygon{fill:\(Palette.background(dark: dark))}\n"
        css += ".graph>text{fill:\(Palette.foreground(dark: dark))}\n"
        for role in StyleRole.allCases {
            let colors = Palette.colors(role, dark: dark)
            let cls = role.cssClass
            switch role.element {
            case .node:
                css +=
                    ".node.\(cls)>polygon,.node.\(cls)>path,.node.\(cls)>ellipse,.node.\(cls) a>polygon,.node.\(cls) a>path,.node.\(cls) a>ellipse"
                css += "{fill:\(colors.fill);stroke:\(colors.stroke)}\n"
                css += ".node.\(cls) text{fill:\(colors.text)}\n"
            case .edge:
                css += ".edge.\(cls) path{stroke:\(colors.stroke)}\n"
                // Open arrowheads (`empty`, `odiamond`) are drawn with fill="none": keep them open.
                css += ".edge.\(cls) polygon,.edge.\(cls) ellipse{stroke:\(colors.stroke)}\n"
                css += ".edge.\(cls) polygon:not([fill=\"none\"]),.edge.\(cls) ellipse:not([fill=\"none\"]){fill:\(colors.stroke)}\n"
                css += ".edge.\(cls) text{fill:\(colors.text)}\n"
            case .cluster:
                css += ".cluster.\(cls)>polygon,.cluster.\(cls)>path,.cluster.\(cls) a>polygon,.cluster.\(cls) a>path"
                css += "{fill:\(role == .legend || role == .lane ? "none" : colors.fill);stroke:\(colors.stroke)}\n"
                css += ".cluster.\(cls) text{fill:\(colors.text)}\n"
            }
        }
        return css
    }

    /// Inserts `<style>` right after the root `<svg …>` start tag (CDATA, so `>` in selectors
    /// needs no escaping); returns the input unchanged when there is no root tag.
    static func insertStyle(_ css: String, into svg: [UInt8]) -> [UInt8] {
        insertStyle(styleBlock(css), into: svg)
    }

    /// The `<style>` element holding `css`, with the line break before it.
    private static func styleBlock(_ css: String) -> [UInt8] {
        Array("\n<style type=\"text/css\"><![CDATA[\n\(css)]]></style>".utf8)
    }

    /// `svg` with `block` after its root start tag, copied once into a buffer of the final size.
    private static func insertStyle(_ block: [UInt8], into svg: [UInt8]) -> [UInt8] {
        guard let start = ByteSearch.firstIndex(of: Array("<svg".utf8), in: svg, from: 0),
            let end = svg[start...].firstIndex(of: UInt8(ascii: ">"))
        else { return svg }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + block.count)
        out.append(contentsOf: svg[..<(end + 1)])
        out.append(contentsOf: block)
        out.append(contentsOf: svg[(end + 1)...])
        return out
    }
}
