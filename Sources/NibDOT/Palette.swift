/// Colours per role and theme. Chosen for contrast on white and on `#1e1f22`; edge colours
/// differ in hue *and* line style so the legend still reads in grey print.
public enum Palette {
    /// Page background.
    public static func background(dark: Bool) -> String { dark ? "#1e1f22" : "#ffffff" }
    /// Default text colour.
    public static func foreground(dark: Bool) -> String { dark ? "#e6e6e6" : "#1d1d1f" }

    /// The colours of `role`.
    public static func colors(_ role: StyleRole, dark: Bool) -> RoleColors {
        let (light, night) = pair(role)
        return dark ? night : light
    }

    private static func c(_ fill: String, _ stroke: String, _ text: String) -> RoleColors {
        RoleColors(fill: fill, stroke: stroke, text: text)
    }

    // swift-format-ignore
    private static func pair(_ role: StyleRole) -> (RoleColors, RoleColors) {
        switch role {
        case .object: (c("#f2f4f8", "#5b6b82", "#1d1d1f"), c("#2b2f36", "#8b9bb4", "#e6e6e6"))
        case .controller: (c("#e3ecfb", "#3a6fc4", "#0f2a55"), c("#1f2f4a", "#6f9fef", "#dce8ff"))
        case .window: (c("#efe7fb", "#7d52c7", "#2e1a52"), c("#2e2442", "#a88be0", "#eee4ff"))
        case .placeholder: (c("#ffffff", "#8a8f98", "#4a4f58"), c("#1e1f22", "#8a8f98", "#b8bcc4"))
        case .external: (c("#fafafa", "#b0b4bb", "#5c6068"), c("#24262b", "#6b7079", "#a9adb5"))
        case .scene: (c("#e3ecfb", "#3a6fc4", "#0f2a55"), c("#1f2f4a", "#6f9fef", "#dce8ff"))
        case .initial: (c("#dff3e4", "#2b8a3e", "#0d3318"), c("#193524", "#69db7c", "#dcf7e2"))
        case .reference: (c("#fff4e0", "#c77c02", "#4d3000"), c("#3a2e17", "#f0b44c", "#ffefd2"))
        case .event: (c("#f2f4f8", "#5b6b82", "#1d1d1f"), c("#2b2f36", "#8b9bb4", "#e6e6e6"))
        case .lifecycleEvent: (c("#e3ecfb", "#3a6fc4", "#0f2a55"), c("#1f2f4a", "#6f9fef", "#dce8ff"))
        case .exception: (c("#ffe3e3", "#c92a2a", "#5c0a0a"), c("#4a1f1f", "#ff6b6b", "#ffe3e3"))
        case .crash: (c("#c92a2a", "#7a0c0c", "#ffffff"), c("#e03131", "#ffa8a8", "#ffffff"))
        case .state: (c("#f8f9fa", "#adb5bd", "#868e96"), c("#25272b", "#5c636b", "#8d949c"))
        case .visited: (c("#e3ecfb", "#3a6fc4", "#0f2a55"), c("#1f2f4a", "#6f9fef", "#dce8ff"))
        case .note: (c("#fff9db", "#e0b400", "#4d3d00"), c("#38331a", "#d9b937", "#fff3bf"))
        case .outlet: (c("#2f6fdb", "#2f6fdb", "#1f4f9f"), c("#6ea8fe", "#6ea8fe", "#9ec5fe"))
        case .outletCollection: (c("#138a8a", "#138a8a", "#0c5e5e"), c("#3fc1c1", "#3fc1c1", "#8ce0e0"))
        case .action: (c("#d9480f", "#d9480f", "#a33508"), c("#ff8c42", "#ff8c42", "#ffb27a"))
        case .nilTarget: (c("#c2255c", "#c2255c", "#8f1a43"), c("#f06595", "#f06595", "#faa2c1"))
        case .binding: (c("#2b8a3e", "#2b8a3e", "#1e6b2f"), c("#69db7c", "#69db7c", "#a9e9b4"))
        case .segue: (c("#6741d9", "#6741d9", "#4c2fa8"), c("#b197fc", "#b197fc", "#d0bfff"))
        case .relationship: (c("#868e96", "#868e96", "#5c636b"), c("#adb5bd", "#adb5bd", "#ced4da"))
        case .transition: (c("#3a6fc4", "#3a6fc4", "#0f2a55"), c("#6f9fef", "#6f9fef", "#dce8ff"))
        case .sequence: (c("#adb5bd", "#adb5bd", "#5c636b"), c("#5c636b", "#5c636b", "#adb5bd"))
        case .container: (c("#fafbfc", "#c5ccd6", "#5c636b"), c("#24262b", "#464b54", "#a9adb5"))
        case .sceneBox: (c("#f7f9fc", "#8fa4c4", "#2a3a55"), c("#22252b", "#53627a", "#c5d3ea"))
        case .phase: (c("#f8f9fa", "#dee2e6", "#495057"), c("#232529", "#3b3f45", "#adb5bd"))
        case .lane: (c("#ffffff", "#e9ecef", "#495057"), c("#1e1f22", "#33363b", "#adb5bd"))
        case .legend: (c("#ffffff", "#c5ccd6", "#495057"), c("#1e1f22", "#464b54", "#adb5bd"))
        // Review diffs: GitHub's diff colours, light and dark.
        case .diffAdded: (c("#dafbe1", "#1a7f37", "#1f2328"), c("#12261e", "#3fb950", "#e6edf3"))
        case .diffRemoved: (c("#ffebe9", "#cf222e", "#1f2328"), c("#25171c", "#f85149", "#e6edf3"))
        case .diffChanged: (c("#fff8c5", "#9a6700", "#1f2328"), c("#272115", "#d29922", "#e6edf3"))
        case .diffCosmetic: (c("#ffffff", "#6e7781", "#57606a"), c("#1e1f22", "#8b949e", "#b1bac4"))
        case .diffUnchanged: (c("#ffffff", "#afb8c1", "#8c959f"), c("#1e1f22", "#484f58", "#7d8590"))
        case .diffAddedEdge: (c("#1a7f37", "#1a7f37", "#1a7f37"), c("#3fb950", "#3fb950", "#3fb950"))
        case .diffRemovedEdge: (c("#cf222e", "#cf222e", "#cf222e"), c("#f85149", "#f85149", "#f85149"))
        case .diffChangedEdge: (c("#9a6700", "#9a6700", "#9a6700"), c("#d29922", "#d29922", "#d29922"))
        case .diffUnchangedEdge: (c("#afb8c1", "#afb8c1", "#8c959f"), c("#484f58", "#484f58", "#7d8590"))
        case .diffHierarchy: (c("#d0d7de", "#d0d7de", "#8c959f"), c("#30363d", "#30363d", "#7d8590"))
        }
    }
}
