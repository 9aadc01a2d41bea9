import NibModel
import NibParsing

/// The stable JSON export of a `NibGraph` (`nibviz inspect --format json`), documented in
/// `site/pages/reference/inspect-json.md`. Every listed key is always present (`null` when
/// absent); fields after the documented ones are extras and may grow.
public enum InspectJSON {
    /// The graph as JSON text, one object or connection per line, ending in a newline.
    public static func encode(_ graph: NibGraph) -> String {
        JSONValue.document(fields(of: graph))
    }

    /// A batch export: one summary per file (with its error, if any) and totals.
    public static func encodeSummaries(_ summaries: [InspectSummary]) -> String {
        let totals = InspectSummary.totals(summaries)
        return JSONValue.document([
            ("files", .array(summaries.map(summaryValue))),
            ("totals", summaryCounts(totals, files: summaries.count, failed: summaries.filter { $0.error != nil }.count)),
        ])
    }

    static func fields(of graph: NibGraph) -> [(String, JSONValue)] {
        [
            ("file", .string(graph.file)),
            ("format", .string(graph.format.rawValue)),
            ("documentType", .string(graph.documentType)),
            ("platform", .string(graph.platform.rawValue)),
            ("targetRuntime", .string(graph.targetRuntime)),
            ("toolsVersion", .string(graph.toolsVersion)),
            ("isStoryboard", .bool(graph.isStoryboard)),
            ("initialViewController", .string(graph.initialViewController?.rawValue)),
            ("objects", .array(graph.objects.map(objectValue))),
            ("connections", .array(graph.connections.map(connectionValue))),
            ("scenes", .array(graph.scenes.map(sceneValue))),
            ("diagnostics", .array(graph.diagnostics.map(diagnosticValue))),
        ]
    }

    static func objectValue(_ object: NibObject) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("id", .string(object.id.rawValue)),
            ("element", .string(object.element)),
            ("class", .string(object.className)),
            ("customClass", .string(object.customClass)),
            ("placeholder", .string(object.placeholder)),
            ("parent", .string(object.parent?.rawValue)),
            ("scene", .string(object.scene)),
            ("label", .string(object.label)),
            ("customModule", .string(object.customModule)),
            ("key", .string(object.key)),
            ("storyboardIdentifier", .string(object.storyboardIdentifier)),
        ]
        if !object.runtimeAttributes.isEmpty {
            let attributes = object.runtimeAttributes.map {
                JSONValue.object([("type", .string($0.type)), ("keyPath", .string($0.keyPath)), ("value", .string($0.value))])
            }
            pairs.append(("runtimeAttributes", .array(attributes)))
        }
        pairs.append(("line", .int(object.line)))
        return .object(pairs)
    }

    static func connectionValue(_ connection: Connection) -> JSONValue {
        var property: String?
        var selector: String?
        var eventType: String?
        var keyPath: String?
        var name: String?
        var segue: Segue?
        var appends: Bool?
        var options: [BindingOption]?
        switch connection.kind {
        case .outlet(let value, _): property = value
        case .outletCollection(let value, _, let append):
            property = value
            appends = append
        case .action(let value, _, let event):
            selector = value
            eventType = event
        case .binding(let binding, _, let path, let values):
            name = binding
            keyPath = path
            options = values
        case .segue(_, let value): segue = value
        }
        var pairs: [(String, JSONValue)] = [
            ("kind", .string(connection.kind.name)),
            ("id", .string(connection.id?.rawValue)),
            ("source", .string(connection.source.rawValue)),
            ("destination", .string(connection.destination?.rawValue)),
            ("property", .string(property)),
            ("selector", .string(selector)),
            ("eventType", .string(eventType)),
            ("keyPath", .string(keyPath)),
            ("name", .string(name)),
            ("segueKind", .string(segue?.kind)),
            ("identifier", .string(segue?.identifier)),
            ("relationship", .string(segue?.relationship)),
            ("segueClass", .string(segue?.customClass)),
        ]
        if let appends { pairs.append(("appends", .bool(appends))) }
        if let anchor = segue?.popoverAnchor { pairs.append(("popoverAnchor", .string(anchor.rawValue))) }
        if let options {
            pairs.append(("options", .array(options.map { .object([("key", .string($0.key)), ("value", .string($0.value))]) })))
        }
        pairs.append(("line", .int(connection.line)))
        return .object(pairs)
    }

    static func sceneValue(_ scene: Scene) -> JSONValue {
        .object([
            ("id", .string(scene.id)),
            ("controller", .string(scene.controller?.rawValue)),
            ("title", .string(scene.title)),
            ("line", .int(scene.line)),
        ])
    }

    static func diagnosticValue(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("severity", .string(diagnostic.severity.rawValue)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("message", .string(diagnostic.message)),
        ])
    }

    static func summaryValue(_ summary: InspectSummary) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("file", .string(summary.file)),
            ("error", .string(summary.error)),
            ("format", .string(summary.format)),
            ("platform", .string(summary.platform)),
        ]
        if case .object(let counts) = summaryCounts(summary.counts, files: nil, failed: nil) { pairs += counts }
        return .object(pairs)
    }

    static func summaryCounts(_ counts: InspectSummary.Counts, files: Int?, failed: Int?) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if let files { pairs.append(("files", .int(files))) }
        if let failed { pairs.append(("failed", .int(failed))) }
        pairs += [
            ("objects", .int(counts.objects)), ("placeholders", .int(counts.placeholders)),
            ("outlets", .int(counts.outlets)), ("outletCollections", .int(counts.outletCollections)),
            ("actions", .int(counts.actions)), ("bindings", .int(counts.bindings)),
            ("segues", .int(counts.segues)), ("scenes", .int(counts.scenes)),
            ("diagnostics", .int(counts.diagnostics)),
        ]
        return .object(pairs)
    }
}
