import NibModel
import NibSimulation

/// How a change alters what happens when the nib loads, read from the simulator's own events:
/// who is created with which initializer, which keys outlets set, and how the simulated
/// timeline differs. Nothing here re-decides a SPEC rule; it compares two timelines.
enum LoadConsequences {
    static func analyze(_ diff: NibDiff, simulate: Bool) -> [Consequence] {
        var result: [Consequence] = []
        let names = ObjectNames(diff.new)
        // Only a semantic change can change the load.
        let runs = simulate && diff.hasSemanticChanges ? (Simulator.run(document: diff.old), Simulator.run(document: diff.new)) : nil
        let oldInit = runs.map { initializers($0.0) } ?? [:]
        let newInit = runs.map { initializers($0.1) } ?? [:]
        var reclassed = Set<ObjectID>()
        for change in diff.objects where change.kind == .changed {
            guard let old = change.old, let new = change.new else { continue }
            let before = oldInit[old.id.rawValue]
            let after = newInit[new.id.rawValue]
            if let after, before?.selector != after.selector {
                result.append(
                    Consequence(
                        rule: after.rule,
                        message:
                            "\(names.name(new.id)) is now created with `\(after.selector)` instead of `\(before?.selector ?? "nothing")`."
                    ))
            }
            guard old.runtimeClass != new.runtimeClass else { continue }
            // A File's Owner of another class changes which class every outlet it holds is set on.
            reclassed.insert(new.id)
            if let after {
                result.append(
                    Consequence(
                        rule: after.rule,
                        message:
                            "\(names.name(new.id)) is now instantiated as `\(new.runtimeClass)` instead of `\(old.runtimeClass)`; its `\(after.selector)` and `awakeFromNib` run on the new class."
                    ))
            }
        }
        result += outletConsequences(diff, names: names, reclassed: reclassed)
        if let (before, after) = runs, let difference = timelineConsequence(diff, before, after) { result.append(difference) }
        return result
    }

    /// The initializer each object id receives: the simulator's own `Timeline.initializerEvents`
    /// (the one table pages and reviews share), as selector and rule.
    static func initializers(_ timeline: Timeline) -> [String: (selector: String, rule: String)] {
        timeline.initializerEvents.compactMapValues { event in event.selector.map { ($0, event.rule) } }
    }

    /// Outlets that now set a key on a different class or a different key: if the class lacks
    /// the key, iOS raises NSUnknownKeyException (R-OUT-1) and macOS logs a failed connect (R-OUT-2).
    private static func outletConsequences(_ diff: NibDiff, names: ObjectNames, reclassed: Set<ObjectID>) -> [Consequence] {
        let objects = diff.new.objectsByID
        var touched: [(Connection, String)] = []
        for change in diff.connections {
            guard let connection = change.new else { continue }
            switch connection.kind {
            case .outlet, .outletCollection:
                if change.kind == .added || change.fields.contains(where: { ["property", "source"].contains($0.field) }) {
                    touched.append((connection, "now sets"))
                }
            default: break
            }
        }
        let changedIDs = Set(touched.map { $0.0.source })
        for connection in diff.new.connections where reclassed.contains(connection.source) && !changedIDs.contains(connection.source) {
            if case .outlet = connection.kind { touched.append((connection, "still sets")) }
            if case .outletCollection = connection.kind { touched.append((connection, "still sets")) }
        }
        let appKit = diff.new.platform.usesAppKit
        return touched.compactMap { connection, verb in
            let property: String
            switch connection.kind {
            case .outlet(let name, _), .outletCollection(let name, _, _): property = name
            default: return nil
            }
            let className = objects[connection.source]?.runtimeClass ?? "?"
            let failure =
                appKit
                ? "the load logs `Failed to connect (\(property)) outlet` and continues (R-OUT-2)"
                : "the load stops with NSUnknownKeyException (R-OUT-1)"
            return Consequence(
                rule: appKit ? "R-OUT-2" : "R-OUT-1",
                message:
                    "The outlet `\(property)` \(verb) a key on `\(className)` (\(names.name(connection.source))); if `\(className)` has no `\(property)` key, \(failure)."
            )
        }
    }

    /// Compares the two timelines event by event as values, with object ids translated into
    /// the old document's id space so regenerated ids are no difference.
    private static func timelineConsequence(_ diff: NibDiff, _ before: Timeline, _ after: Timeline) -> Consequence? {
        func key(_ event: Event, _ space: (String) -> String) -> String {
            [
                event.kind.rawValue, event.rule, event.phase.map(\.description) ?? "", event.selector ?? "",
                event.receiver?.className ?? "", event.receiver?.id.map(space) ?? "", event.text ?? "",
            ].joined(separator: "\u{1}")
        }
        let oldKeys = before.events.map { key($0) { $0 } }
        let newKeys = after.events.map { key($0) { diff.matching.oldSpace(ObjectID($0)) } }
        guard oldKeys != newKeys else { return nil }
        // Multiset difference: an event repeated three times then twice counts once as removed.
        var balance: [String: Int] = [:]
        for line in oldKeys { balance[line, default: 0] -= 1 }
        for line in newKeys { balance[line, default: 0] += 1 }
        let added = balance.values.filter { $0 > 0 }.reduce(0, +)
        let removed = -balance.values.filter { $0 < 0 }.reduce(0, +)
        let count = min(oldKeys.count, newKeys.count)
        let first = (0..<count).first { oldKeys[$0] != newKeys[$0] } ?? count
        let was = first < before.events.count ? before.events[first].line(at: .l3) : "(end)"
        let now = first < after.events.count ? after.events[first].line(at: .l3) : "(end)"
        return Consequence(
            rule: first < after.events.count ? after.events[first].rule : "timeline",
            message:
                "The simulated load differs: \(added) event\(added == 1 ? "" : "s") added, \(removed) removed; first difference at event \(first + 1): `\(was)` → `\(now)`."
        )
    }
}
