import NibModel

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
