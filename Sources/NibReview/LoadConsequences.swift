import NibModel

/// Replays a document's load and returns its event lines with ids resolved to names, or nil
/// when the document cannot be simulated.
///
/// SEAM(sim): the CLI passes nil until `Simulator.run` (branch `sim`) is on main; then it
/// passes a closure running the default load scenario and formatting events as text.
public typealias LoadTrace = @Sendable (NibGraph) -> [String]?

/// How a change alters what happens when the nib loads: who is created with which
/// initializer, which keys outlets set, and (with a trace) the simulated timeline itself.
enum LoadConsequences {
    static func analyze(_ diff: NibDiff, trace: LoadTrace?) -> [Consequence] {
        var result: [Consequence] = []
        let names = ObjectNames(diff.new)
        let platform = diff.new.platform
        var reclassed = Set<ObjectID>()
        for change in diff.objects where change.kind == .changed {
            guard let old = change.old, let new = change.new else { continue }
            let before = initializer(old, diff.old.platform)
            let after = initializer(new, platform)
            if before != after, let after {
                result.append(
                    Consequence(
                        rule: initializerRule(after, platform),
                        message: "\(names.name(new.id)) is now created with `\(after)` instead of `\(before ?? "nothing")`."))
            }
            guard old.runtimeClass != new.runtimeClass else { continue }
            // A File's Owner of another class changes which class every outlet it holds is set on.
            reclassed.insert(new.id)
            if after != nil {
                result.append(
                    Consequence(
                        rule: "R-INIT-3",
                        message:
                            "\(names.name(new.id)) is now instantiated as `\(new.runtimeClass)` instead of `\(old.runtimeClass)`; its `\(after ?? "init")` and `awakeFromNib` run on the new class."
                    ))
            }
        }
        result += outletConsequences(diff, names: names, reclassed: reclassed)
        // Only a semantic change can change the load; this also keeps regenerated ids (which some
        // event labels carry) from reading as a different timeline.
        if diff.hasSemanticChanges, let trace, let before = trace(diff.old), let after = trace(diff.new), before != after {
            result.append(timelineConsequence(before, after))
        }
        return result
    }

    /// The SPEC rule that picks `initializer` on `platform`.
    static func initializerRule(_ initializer: String, _ platform: Platform) -> String {
        switch initializer {
        case "initWithFrame:": "R-INIT-6"
        case "init": platform.usesAppKit ? "R-INIT-7" : "R-INIT-4"
        default: platform.usesAppKit ? "R-INIT-5" : "R-INIT-2"
        }
    }

    /// The initializer an object receives (SPEC E.3, R-INIT-2/6/7); nil for placeholders.
    static func initializer(_ object: NibObject, _ platform: Platform) -> String? {
        if object.isPlaceholder { return nil }
        switch object.element {
        case "customView" where platform.usesAppKit: return "initWithFrame:"
        case "customObject": return "init"
        default: return "initWithCoder:"
        }
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

    private static func timelineConsequence(_ before: [String], _ after: [String]) -> Consequence {
        // Multiset difference: a line repeated three times then twice counts once as removed.
        var balance: [String: Int] = [:]
        for line in before { balance[line, default: 0] -= 1 }
        for line in after { balance[line, default: 0] += 1 }
        let added = balance.values.filter { $0 > 0 }.reduce(0, +)
        let removed = -balance.values.filter { $0 < 0 }.reduce(0, +)
        let first = (0..<min(before.count, after.count)).first { before[$0] != after[$0] } ?? min(before.count, after.count)
        let was = first < before.count ? before[first] : "(end)"
        let now = first < after.count ? after[first] : "(end)"
        return Consequence(
            rule: "timeline",
            message:
                "The simulated load differs: \(added) event\(added == 1 ? "" : "s") added, \(removed) removed; first difference at event \(first + 1): `\(was)` → `\(now)`."
        )
    }
}
