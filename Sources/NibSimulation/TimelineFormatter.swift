import Foundation
import NibModel

/// Renders a timeline as text (R-CONV-1..4, E.2), JSON, or S3's seed format (R-CONV-6).
public enum TimelineFormatter {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, seed
    }

    /// The rendering of `timeline` at `level` (default: the timeline's own), newline-terminated lines.
    public static func format(_ timeline: Timeline, as format: Format = .text, level: TraceLevel? = nil) -> String {
        let traceLevel = level ?? timeline.traceLevel
        let events = timeline.visibleEvents(at: traceLevel)
        switch format {
        case .text: return events.map { line($0, level: traceLevel) + "\n" }.joined()
        case .seed: return events.map { seedLine($0, level: traceLevel) + "\n" }.joined()
        case .json: return json(events, level: traceLevel)
        }
    }

    /// One canonical line (R-CONV-1, R-CONV-4); arguments only at L2 and L3 (E.2). `Event.line(at:)`.
    public static func line(_ event: Event, level: TraceLevel) -> String { event.line(at: level) }

    /// S3's NSLog rendering `<Label> -- <selector up to the first colon>` (R-CONV-6); other lines
    /// keep their canonical form.
    public static func seedLine(_ event: Event, level: TraceLevel) -> String {
        guard event.kind == .message, let selector = event.selector else { return line(event, level: level) }
        let name = selector.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? selector
        return "\(event.receiver?.label ?? "nil") -- \(name)"
    }

    /// A JSON document: `{"traceLevel": "L2", "events": [...]}`, keys sorted, one event per line.
    static func json(_ events: [Event], level: TraceLevel) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [String] = []
        for event in events {
            let record = JSONEvent(event, line: line(event, level: level))
            let data = (try? encoder.encode(record)) ?? Data("{}".utf8)
            lines.append("    " + String(decoding: data, as: UTF8.self))
        }
        let body = lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n  "
        return "{\n  \"traceLevel\": \"\(level)\",\n  \"events\": [\(body)]\n}\n"
    }
}

/// The JSON shape of one event.
private struct JSONEvent: Encodable {
    let kind: String
    let rule: String
    let phase: String?
    let load: Int?
    let receiver: Receiver?
    let selector: String?
    let arguments: [[String: String]]
    let text: String?
    let line: String
    let connections: [String]?

    struct Receiver: Encodable {
        let id: String?
        let label: String
        let className: String
        let instance: Int
    }

    init(_ event: Event, line: String) {
        kind = event.kind.rawValue
        rule = event.rule
        phase = event.phase?.description
        load = event.load
        receiver = event.receiver.map { Receiver(id: $0.id, label: $0.label, className: $0.className, instance: $0.instance) }
        selector = event.selector
        arguments = event.arguments.map { ["key": $0.key, "value": $0.value] }
        text = event.text
        self.line = line
        connections = event.connectionIDs.isEmpty ? nil : event.connectionIDs
    }
}
