extension Event {
    /// The canonical line (R-CONV-1, R-CONV-4): `-[Label selector] k=v…`, `IVAR Src.name = Dest`,
    /// `LOG …`. Arguments are printed at L2 and L3 only (E.2). Every writer of event text (the
    /// `simulate` output, diagrams, the site, reviews) uses this one function.
    public func line(at level: TraceLevel) -> String {
        let out = ByteText(capacity: 128)
        appendLine(at: level, to: out)
        return out.string
    }

    /// `line(at: level)` appended to `out`, piece by piece as bytes: every event of every
    /// timeline has a tooltip and a table row that hold its line.
    public func appendLine(at level: TraceLevel, to out: ByteText) {
        let receiverLabel = receiver?.label ?? "nil"
        switch kind {
        case .message:
            out += "-["
            out += receiverLabel
            out += " "
            out += selector ?? ""
            out += "]"
            if level >= .l2, !arguments.isEmpty {
                for argument in arguments {
                    out += " "
                    out += argument.key
                    out += "="
                    out += argument.value
                }
            }
        case .ivar:
            out += "IVAR "
            out += receiverLabel
            out += "."
            out += argument("name") ?? ""
            out += " = "
            out += argument("value") ?? "nil"
        case .log: Self.append("LOG ", text, to: out)
        case .exception: Self.append("EXCEPTION ", text, to: out)
        case .crash: Self.append("CRASH ", text, to: out)
        case .showWindow: Self.append("SHOW-WINDOW ", receiverLabel, to: out)
        case .resolve: Self.append("RESOLVE ", text, to: out)
        case .reject: Self.append("REJECT ", text, to: out)
        }
    }

    private static func append(_ word: StaticString, _ text: String?, to out: ByteText) {
        out += word
        out += text ?? ""
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
