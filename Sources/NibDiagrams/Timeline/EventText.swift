import NibDOT
import NibModel

/// Short texts for events, in the canonical line shapes of R-CONV-1 and R-CONV-4.
enum EventText {
    /// The full line with its arguments (`Event.line(at:)`, the one canonical form).
    static func line(_ event: Event) -> String { event.line(at: .l3) }

    /// `line(event)` appended to `out`.
    static func appendLine(_ event: Event, to out: ByteText) { event.appendLine(at: .l3, to: out) }

    /// The node text: selector for messages, the kind word and text otherwise.
    static func short(_ event: Event) -> String {
        switch event.kind {
        case .message: return event.selector ?? "?"
        case .ivar: return "IVAR " + (event.text ?? "")
        case .showWindow: return "SHOW-WINDOW"
        default: return line(event)
        }
    }

    /// The lane an event belongs to: its receiver instance, or the runtime lane.
    static func laneKey(_ event: Event) -> String {
        event.receiver.map { "obj:\($0.instance)" } ?? "runtime"
    }

    /// A readable lane title for an object reference.
    static func laneTitle(_ object: EventObject) -> String {
        if object.label == object.className { return object.label }
        return object.label + " (" + object.className + ")"
    }
}

/// Contiguous runs of events that belong to one stage: a load phase (P1–P5) or a lifecycle
/// stage (init, loadView, appear, disappear, unload, reload, memory warning).
struct TimelineSegment: Hashable {
    var name: String
    var first: Int
    var last: Int

    /// The stage an event belongs to; loads override lifecycle stages.
    static func stage(of event: Event, unloaded: Bool) -> String {
        if let phase = event.phase {
            let name: String
            switch phase.rawValue {
            case 1: name = "load"
            case 2: name = "instantiate"
            case 3: name = "connect"
            case 4: name = "awake"
            case 5: name = "windows"
            default: name = ""
            }
            let load = (event.load ?? 1) > 1 ? " (load \(event.load ?? 1))" : ""
            return "\(phase) " + name + load
        }
        switch event.kind {
        case .exception: return "exception"
        case .crash: return "crash"
        case .reject: return "rejected"
        default: break
        }
        let selector = event.selector ?? ""
        if Event.createsObject(selector) || selector == "awakeAfterUsingCoder:" || selector == "awakeFromNib" { return "init" }
        if selector == "didReceiveMemoryWarning" || selector == "applicationDidReceiveMemoryWarning:" { return "memory warning" }
        if selector == "viewWillUnload" || selector == "viewDidUnload" || selector == "setView:" { return "unload" }
        if selector.hasPrefix("loadView") || selector == "viewDidLoad" || selector.hasPrefix("_loadView")
            || selector == "loadViewIfRequired"
        {
            return unloaded ? "reload" : "loadView"
        }
        if has(selector, "Disappear") { return "disappear" }
        if has(selector, "Appear") || has(selector, "Layout") || has(selector, "layout") { return "appear" }
        if selector.hasPrefix("window") || selector == "loadWindow" || selector == "showWindow:" { return "windows" }
        return "other"
    }

    /// Whether `text` holds `part`, byte for byte: every event of a timeline asks, and the
    /// `contains` this module sees is Foundation's, which compares canonical forms through
    /// `range(of:)` at many times the cost (selectors are ASCII).
    static func has(_ text: String, _ part: StaticString) -> Bool {
        var text = text
        return part.utf8CodeUnitCount == 0 || text.withUTF8 { ByteSearch.firstIndex(of: part, in: $0, from: 0) != nil }
    }

    /// The SVG class of a stage: `stage-P2-instantiate` (the load number is left out).
    static func stageClass(_ name: String) -> String {
        // Up to the first `(` on the bytes (stage names are ASCII; others split by `Character`).
        let cut: String? = name.withUTF8Bytes { bytes in
            guard UTF8Validation.isASCII(bytes), bytes.first != UInt8(ascii: "(") else { return nil }
            let end = bytes.firstIndex(of: UInt8(ascii: "(")) ?? bytes.count
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
        var base = cut ?? name.split(separator: "(").first.map(String.init) ?? name
        while base.last == " " { base.removeLast() }
        return "stage-" + DOTEscaping.token(base)
    }

    /// Splits `events` into stage runs (consecutive events of one stage form one segment).
    static func segments(_ events: [Event]) -> [TimelineSegment] {
        var out: [TimelineSegment] = []
        var unloaded = false
        for (index, event) in events.enumerated() {
            // An unload's `setView:` (nil, R-MEM) comes outside a nib load; inside one it is the
            // `view` outlet being connected (P3, R-OUT-4: AppKit's owner in `loadView`).
            if event.phase == nil && (event.selector == "viewDidUnload" || event.selector == "setView:") { unloaded = true }
            let name = stage(of: event, unloaded: unloaded)
            if name == "reload", event.selector == "viewDidLoad" { unloaded = false }
            if var current = out.last, current.name == name {
                current.last = index
                out[out.count - 1] = current
            } else {
                out.append(TimelineSegment(name: name, first: index, last: index))
            }
        }
        return out
    }
}
