extension Event {
    /// The canonical line (R-CONV-1, R-CONV-4): `-[Label selector] k=v…`, `IVAR Src.name = Dest`,
    /// `LOG …`. Arguments are printed at L2 and L3 only (E.2). Every writer of event text (the
    /// `simulate` output, diagrams, the site, reviews) uses this one function.
    public func line(at level: TraceLevel) -> String {
        let receiverLabel = receiver?.label ?? "nil"
        switch kind {
        case .message:
            var text = "-[\(receiverLabel) \(selector ?? "")]"
            if level >= .l2, !arguments.isEmpty {
                text += " " + arguments.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            }
            return text
        case .ivar: return "IVAR \(receiverLabel).\(argument("name") ?? "") = \(argument("value") ?? "nil")"
        case .log: return "LOG \(text ?? "")"
        case .exception: return "EXCEPTION \(text ?? "")"
        case .crash: return "CRASH \(text ?? "")"
        case .showWindow: return "SHOW-WINDOW \(receiverLabel)"
        case .resolve: return "RESOLVE \(text ?? "")"
        case .reject: return "REJECT \(text ?? "")"
        }
    }

    /// True for a message that creates its receiver (R-INIT, R-VCI): `init`, `new`, `initWith…`.
    public var isInitializer: Bool { kind == .message && Self.createsObject(selector) }

    /// True for selectors that create an object: `init`, `new`, `initWith…`.
    public static func createsObject(_ selector: String?) -> Bool {
        guard let selector else { return false }
        return selector == "init" || selector.hasPrefix("initWith") || selector == "new"
    }
}

extension Timeline {
    /// The first initializer each archived object received, by XML id (R-CONV-2: the outermost
    /// call comes first). This is what pages and reviews name as "the initializer" of an object.
    public var initializerEvents: [String: Event] {
        var out: [String: Event] = [:]
        var seen = Set<Int>()
        // By index: a `for event in events` copies every event (its strings and arrays retained)
        // to look at two fields.
        for index in events.indices where events[index].isInitializer {
            guard let receiver = events[index].receiver, seen.insert(receiver.instance).inserted, let id = receiver.id else { continue }
            if out[id] == nil { out[id] = events[index] }
        }
        return out
    }
}
