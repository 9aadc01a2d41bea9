import NibModel

/// DOT attributes for a role in a theme: the `class` (for stylesheets) plus the colours the
/// palette gives, so PNG and PDF look right without a stylesheet.
public struct DiagramStyle: Sendable {
    /// The theme the DOT is drawn in (`auto` draws light; the SVG stylesheet switches).
    public var theme: DiagramTheme

    /// Creates a style for a theme.
    public init(theme: DiagramTheme) { self.theme = theme }

    private var dark: Bool { theme.drawsDark }

    /// Graph-level attributes shared by every diagram.
    public func graphAttributes(rankdir: String = "TB") -> DOTAttributes {
        [
            "bgcolor": .text(Palette.background(dark: dark)),
            "fontcolor": .text(Palette.foreground(dark: dark)),
            "fontname": "Helvetica",
            "fontsize": .text(String(TypeScale.body)),
            "rankdir": .text(rankdir),
            "newrank": "true",
            "nodesep": "0.3",
            "ranksep": "0.45",
            "pad": "0.2",
        ]
    }

    /// Defaults for nodes.
    public var nodeDefaults: DOTAttributes {
        [
            "fontname": "Helvetica", "fontsize": .text(String(TypeScale.body)), "shape": "box", "style": "rounded,filled",
            "penwidth": "1.2", "margin": "0.12,0.06",
        ]
    }

    /// Defaults for edges.
    public var edgeDefaults: DOTAttributes {
        ["fontname": "Helvetica", "fontsize": .text(String(TypeScale.body)), "arrowsize": "0.7", "penwidth": "1.2"]
    }

    /// Attributes of a node (or cluster, or edge) drawn as `role`, plus `extra` classes.
    public func attributes(_ role: StyleRole, classes extra: [String] = []) -> DOTAttributes {
        var attrs = (dark ? Self.darkRoles : Self.lightRoles)[role] ?? Self.classed(role, dark: dark)
        if !extra.isEmpty { attrs["class"] = .text(Self.classList(role, extra)) }
        return attrs
    }

    /// The role's class, then each of `extra` as a token (`DOTEscaping.token`) not already
    /// there, space-separated: built in one string, since every event of a timeline has one.
    private static func classList(_ role: StyleRole, _ extra: [String]) -> String {
        let tokens = extra.map(DOTEscaping.token)
        let list = ByteText(capacity: 64)
        list += role.cssClass
        for (index, token) in tokens.enumerated() {
            guard token != role.cssClass, !tokens[..<index].contains(token) else { continue }
            list += " "
            list += token
        }
        return list.string
    }

    /// Each role's attributes in each theme, with the role's class, made once: a timeline asks
    /// for them for every event and every step between two.
    private static let lightRoles = Dictionary(uniqueKeysWithValues: StyleRole.allCases.map { ($0, classed($0, dark: false)) })
    private static let darkRoles = Dictionary(uniqueKeysWithValues: StyleRole.allCases.map { ($0, classed($0, dark: true)) })

    /// `roleAttributes` with the role's class.
    private static func classed(_ role: StyleRole, dark: Bool) -> DOTAttributes {
        var attrs = roleAttributes(role, dark: dark)
        attrs["class"] = .text(role.cssClass)
        return attrs
    }

    /// `role`'s attributes but its classes: the palette's colours and the role's shape, style
    /// and arrows.
    private static func roleAttributes(_ role: StyleRole, dark: Bool) -> DOTAttributes {
        let colors = Palette.colors(role, dark: dark)
        switch role.element {
        case .node:
            var attrs: DOTAttributes = [
                "fillcolor": .text(colors.fill), "color": .text(colors.stroke), "fontcolor": .text(colors.text),
            ]
            switch role {
            case .placeholder: attrs["style"] = "rounded,dashed,filled"
            case .external: attrs["style"] = "rounded,dotted,filled"
            case .crash: attrs["shape"] = "octagon"
            case .exception: attrs["shape"] = "octagon"
            case .note: attrs["shape"] = "note"
            case .reference: attrs["shape"] = "folder"
            default: break
            }
            return attrs
        case .edge:
            var attrs: DOTAttributes = ["color": .text(colors.stroke), "fontcolor": .text(colors.text)]
            switch role {
            case .outlet: attrs["arrowhead"] = "normal"
            case .outletCollection:
                attrs["arrowhead"] = "crow"
                attrs["penwidth"] = "2.2"
            case .action:
                attrs["style"] = "dashed"
                attrs["arrowhead"] = "empty"
            case .nilTarget:
                attrs["style"] = "dotted"
                attrs["arrowhead"] = "empty"
                attrs["penwidth"] = "1.6"
            case .binding:
                attrs["arrowhead"] = "odiamond"
                attrs["style"] = "bold"
            case .segue:
                attrs["arrowhead"] = "vee"
                attrs["penwidth"] = "1.8"
            case .relationship:
                attrs["arrowhead"] = "diamond"
                attrs["style"] = "dashed"
            case .sequence: attrs["arrowhead"] = "none"
            default: break
            }
            return attrs
        case .cluster:
            var attrs: DOTAttributes = [
                "fillcolor": .text(colors.fill), "color": .text(colors.stroke), "fontcolor": .text(colors.text),
                "style": "rounded,filled", "fontname": "Helvetica",
            ]
            if role == .legend || role == .lane { attrs["style"] = "rounded" }
            if role == .container { attrs["penwidth"] = "0.8" }
            return attrs
        }
    }
}
