import NibModel

extension Rule {
    /// SPEC §5.
    public static let bindings: [Rule] = [bind1, bind2, bind3, bind4]
    /// R-BIND-1: macOS bind:toObject:withKeyPath:options:.
    public static let bind1 = Rule("R-BIND-1", "macOS bindings: bind:toObject:withKeyPath:options: in P3")
    /// R-BIND-2: iOS documents with bindings are rejected.
    public static let bind2 = Rule("R-BIND-2", "a binding in a CocoaTouch document is rejected before P1")
    /// R-BIND-3: option dictionaries are typed children.
    public static let bind3 = Rule("R-BIND-3", "binding options come from the options dictionary")
    /// R-BIND-4: S0's mixed list is a union across platforms.
    public static let bind4 = Rule("R-BIND-4", "no platform runs both addTarget: and bind:")
}

extension SimulationRun {
    /// R-BIND-1: the line, with ` options={k=v,…}` only when the binding has options (Appendix D).
    func bind(source: Int, name: String, destination: Int?, keyPath: String, options: [BindingOption], connections: [String]) {
        // R-BIND-4: only AppKit binds; CocoaTouch documents were rejected before the load (R-BIND-2).
        guard isMac else { return }
        var arguments = [EventArgument("binding", name), EventArgument("object", label(destination)), EventArgument("keyPath", keyPath)]
        if !options.isEmpty {
            // R-BIND-3: keys in document order, values as written.
            arguments.append(EventArgument("options", "{" + options.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"))
        }
        connectionMessage(source, "bind:toObject:withKeyPath:options:", .bind1, arguments, connections: connections)
    }
}
