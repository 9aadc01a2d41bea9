import Foundation
import NibModel
import NibParsing
import Yams

/// Reads a scenario `.yaml` into a `Scenario`. Unknown keys and bad values are errors with
/// `FILE:LINE:COL` that list what is allowed (schema: `site/pages/reference/scenario-format.md`).
public enum ScenarioParser {
    /// Reads the documents a scenario's `nibs:` name by `path:` (relative to the scenario file).
    public typealias DocumentLoader = @Sendable (URL, String) throws -> NibGraph

    /// The top-level keys.
    static let topKeys = [
        "title", "platform", "osVersion", "sdkVersion", "idiom", "trace", "flags", "bundle", "classTable", "classes", "objects",
        "observers", "nibs", "steps",
    ]

    /// Parses the scenario at `url`; `displayName` is the path printed in messages.
    public static func parse(contentsOf url: URL, displayName: String? = nil, loadDocument: DocumentLoader? = documentParser) throws
        -> Scenario
    {
        let name = displayName ?? url.path
        // A scenario is UTF-8 text: the first byte that is not is named where it is.
        let text = try TextFile.readUTF8(url, displayName: name)
        return try parse(yaml: text, file: name, baseDirectory: url.deletingLastPathComponent(), loadDocument: loadDocument)
    }

    /// Why a YAML file found in a project folder is no nibviz scenario, or nil when it may be
    /// one: a scenario's top level is a mapping with `platform` and scenario keys only. A
    /// project's other YAML files (XcodeGen's `project.yml`, SwiftGen's `swiftgen.yml`, CI
    /// settings) are passed by instead of failing the build as broken scenarios. Text YAML cannot
    /// read (a duplicated key, a bad indent) is judged by the keys written at its first column:
    /// one that no scenario has (SwiftGen's `plist:` twice) passes it by; otherwise it may be a
    /// scenario with a mistake, and is read as one so the mistake is shown.
    public static func notAScenario(yaml: String) -> String? {
        // A key at the first column is a top-level key of a block mapping: one that no scenario
        // has decides without composing the file (composing a dSYM's 79 KB relocations YAML took
        // 6 % of the CPU of an iTerm2 site rebuild).
        if let other = writtenTopKeys(yaml).first(where: { !topKeys.contains($0) }) { return noScenarioKey(other) }
        let keys: [String]
        do {
            // Only comments or blank lines (Cordova's licence_checker.yml): nothing to simulate.
            guard let root = try Yams.compose(yaml: yaml) else { return "it holds no YAML value, only comments or blank lines" }
            guard let mapping = root.mapping else { return "its top level is not a mapping" }
            keys = mapping.keys.compactMap(\.string)
        } catch {
            // Every key written at the first column is a scenario's.
            return nil
        }
        if let other = keys.first(where: { !topKeys.contains($0) }) { return noScenarioKey(other) }
        return keys.contains("platform") ? nil : "no platform key"
    }

    private static func noScenarioKey(_ key: String) -> String { "top-level key '\(key)' is no scenario key" }

    /// The plain keys of the lines that start at the first column (`name:` or `name: value`), in
    /// order: the top-level keys of a block mapping, read without a YAML parser.
    static func writtenTopKeys(_ yaml: String) -> [String] {
        yaml.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            guard let first = line.unicodeScalars.first,
                CharacterSet.letters.contains(first) || first == "_",
                let colon = line.firstIndex(of: ":")
            else { return nil }
            let key = line[..<colon]
            let after = line[colon...].dropFirst()
            guard after.isEmpty || after.first == " " || after.first == "\t",
                key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            else { return nil }
            return String(key)
        }
    }

    /// Parses scenario text. `baseDirectory` resolves `nibs.*.path`.
    public static func parse(yaml: String, file: String, baseDirectory: URL? = nil, loadDocument: DocumentLoader? = documentParser) throws
        -> Scenario
    {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw LocatedError(at: FileLocation(file: file, line: 1, column: 1), "empty scenario")
            }
            root = node
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            let key = duplicates.first ?? "?"
            throw LocatedError(
                at: YAMLLimits.duplicateKeyLocation(key, first: context.mark, in: yaml, file: file),
                "duplicate key '\(key)' in one mapping (first on line \(context.mark.line))")
        } catch let error as YamlError {
            var problem = yamlProblem(error)
            if problem.hasPrefix("Maximum nesting level") { problem = "lists and mappings nested too deep (libyaml's limit)" }
            // The usual cause: `[initWithCoder:, awakeFromNib]` — a selector's colon inside a flow list.
            let hint = problem.contains("unexpected ':'") ? " (quote selectors that end in ':' inside [ ] lists)" : ""
            throw LocatedError(at: yamlLocation(error, file: file), "invalid YAML: \(problem)\(hint)")
        }
        try YAMLLimits.check(root, file: file)
        let top = try YAMLNode(node: root, file: file).fields("the scenario", allowed: topKeys, required: ["platform"])
        let platformNode = top["platform"] ?? top.owner
        let platformName = try platformNode.choice("platform", ["ios", "macos"])
        let platform: Platform = platformName == "macos" ? .macos : .ios
        var scenario = Scenario(file: file, platform: platform)
        scenario.title = try top.string("title")
        if let node = top["osVersion"] { scenario.osVersion = try version(node, "osVersion") }
        scenario.sdkVersion = try top["sdkVersion"].map { try version($0, "sdkVersion") } ?? scenario.osVersion
        if let node = top["idiom"] { scenario.idiom = Idiom(rawValue: try node.choice("idiom", Idiom.allCases.map(\.rawValue))) ?? .phone }
        if let node = top["trace"] {
            let text = try node.choice("trace", ["L1", "L2", "L3"])
            scenario.traceLevel = TraceLevel(name: text) ?? .l2
        }
        if let node = top["flags"] { scenario.flags = try flags(node) }
        if let node = top["bundle"] {
            let fields = try node.fields("bundle", allowed: ["path", "resources"])
            scenario.bundle = AppBundle(
                path: try fields.string("path") ?? "/App.app", resources: try fields["resources"]?.strings("bundle.resources") ?? [])
        }
        if let node = top["classTable"] { scenario.classes = try classTable(node, file: file, baseDirectory: baseDirectory) }
        if let node = top["classes"] {
            // The scenario's own entries win over the class table's.
            scenario.classes = (scenario.classes ?? [:]).merging(try classes(node)) { _, own in own }
        }
        if let node = top["objects"] { scenario.objects = try objects(node) }
        if let node = top["observers"] { scenario.observers = try observers(node) }
        if let node = top["nibs"] {
            let context = InlineNibParser(file: file, platform: platform, baseDirectory: baseDirectory, loadDocument: loadDocument)
            scenario.nibs = try context.nibs(node)
        }
        if let node = top["steps"] { scenario.steps = try StepParser.steps(node) }
        try checkReferences(scenario)
        return scenario
    }

    static func version(_ node: YAMLNode, _ what: String) throws -> OSVersion {
        let text = try node.string(what)
        guard let version = OSVersion(text) else {
            throw node.error("bad value '\(text)' for \(what); allowed: a version such as 5.1, 10.15 or 17.0")
        }
        return version
    }

    private static func flags(_ node: YAMLNode) throws -> SimulationFlags {
        let fields = try node.fields("flags", allowed: SimulationFlags.names)
        var flags = SimulationFlags()
        for (key, _, value) in fields.entries {
            switch key {
            case "phasedConnections": flags.phasedConnections = try value.bool(key)
            case "macWindowTemplateInit": flags.macWindowTemplateInit = try value.bool(key)
            case "macContentVCBeforeWindowDidLoad": flags.macContentVCBeforeWindowDidLoad = try value.bool(key)
            case "legacyExplicitNibFallback": flags.legacyExplicitNibFallback = try value.bool(key)
            case "macQualifiedNibName": flags.macQualifiedNibName = try value.bool(key)
            case "traceInternalLoadViewIfNeeded": flags.traceInternalLoadViewIfNeeded = try value.bool(key)
            case "maxLoadViewDepth": flags.maxLoadViewDepth = try value.int(key)
            default: flags.designTime = try value.bool(key)
            }
        }
        return flags
    }

    static let classKeys = ["superclass", "user", "swiftModule", "keys", "ivars", "actions", "overrides", "behaviour"]

    private static func classes(_ node: YAMLNode) throws -> [String: ClassInfo] {
        var table: [String: ClassInfo] = [:]
        for (name, keyNode, value) in try node.fields("classes").entries {
            let fields = try value.fields("class \(name)", allowed: classKeys)
            var info = ClassInfo(name: name, line: keyNode.location.line)
            info.superclass = try fields.string("superclass")
            info.isUser = try fields["user"]?.bool("user") ?? true
            info.swiftModule = try fields.string("swiftModule")
            info.keys = try fields["keys"]?.strings("keys") ?? []
            info.ivars = try fields["ivars"]?.strings("ivars") ?? []
            info.actions = try fields["actions"]?.strings("actions") ?? []
            info.overrides = try fields["overrides"].map { try $0.strings("overrides") }
            if let behaviour = fields["behaviour"] { info.behaviour = try self.behaviour(behaviour, className: name) }
            table[name] = info
        }
        return table
    }

    /// `classTable: path.yaml`: a file holding a class table in the `classes:` format (either a
    /// top-level `classes:` key or the class map itself), relative to the scenario.
    private static func classTable(_ node: YAMLNode, file: String, baseDirectory: URL?) throws -> [String: ClassInfo] {
        let path = try node.string("classTable")
        let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
        let shown = (file as NSString).deletingLastPathComponent.isEmpty ? path : (file as NSString).deletingLastPathComponent + "/" + path
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw node.error("classTable: cannot read \(path)") }
        return try parseClassTable(yaml: text, file: shown)
    }

    /// Reads a class table file (`nibviz classes --format yaml`, or hand-written): a top-level
    /// `classes:` map, or the map itself. Errors carry the table file's locations.
    public static func parseClassTable(yaml: String, file: String) throws -> [String: ClassInfo] {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { return [:] }
            root = node
        } catch let error as YamlError {
            throw LocatedError(at: yamlLocation(error, file: file), "invalid YAML: \(yamlProblem(error))")
        }
        let top = YAMLNode(node: root, file: file)
        let fields = try top.fields("the class table")
        if fields.entries.count == 1, fields.entries.first?.key == "classes", let map = fields["classes"] { return try classes(map) }
        return try classes(top)
    }

    private static func behaviour(_ node: YAMLNode, className: String) throws -> ClassBehaviour {
        var result = ClassBehaviour()
        for (key, _, value) in try node.fields("behaviour of \(className)", allowed: ClassBehaviour.names).entries {
            switch key {
            case "callsSuper": result.callsSuper = try value.bool(key)
            case "withoutSuper": result.withoutSuper = try value.strings(key)
            case "loadViewAssignsView": result.loadViewAssignsView = try value.bool(key)
            case "loadViewAccessesView": result.loadViewAccessesView = try value.bool(key)
            case "viewDidLoadAccessesView": result.viewDidLoadAccessesView = try value.bool(key)
            case "viewGetterCallsSuper": result.viewGetterCallsSuper = try value.bool(key)
            case "memoryWarningGuard": result.memoryWarningGuard = try value.choice(key, ["none", "naive", "checked"])
            default: result.awakeAfterUsingCoderReturns = try value.string(key)
            }
        }
        return result
    }

    private static func objects(_ node: YAMLNode) throws -> [ScenarioObject] {
        try node.fields("objects").entries.map { name, keyNode, value in
            let fields = try value.fields("object \(name)", allowed: ["class", "label", "nibName"], required: ["class"])
            return ScenarioObject(
                name: name, className: try fields.required("class", in: "object \(name)"), label: try fields.string("label"),
                nibName: try fields.string("nibName"), line: keyNode.location.line
            )
        }
    }

    private static func observers(_ node: YAMLNode) throws -> [KVOObserver] {
        try node.items("observers").map { item in
            let fields = try item.fields("an observer", allowed: ["observer", "object", "key"], required: ["observer", "object", "key"])
            return KVOObserver(
                observer: try fields.required("observer", in: "an observer"), object: try fields.required("object", in: "an observer"),
                key: try fields.required("key", in: "an observer")
            )
        }
    }

    /// Steps may only name declared objects, results and nibs.
    private static func checkReferences(_ scenario: Scenario) throws {
        var known = Set(scenario.objects.map(\.name))
        // Storyboard controllers are named by element id and storyboard identifier once a launch,
        // segue or instantiate step makes them (R-LAUNCH-1, R-SB-1).
        for nib in scenario.nibs where nib.graph.isStoryboard {
            for object in nib.graph.objects where object.sceneMemberID == "viewController" {
                known.insert(object.id.rawValue)
                if let identifier = object.storyboardIdentifier { known.insert(identifier) }
            }
        }
        let nibs = Set(scenario.nibs.map(\.name))
        for observer in scenario.observers where !known.contains(observer.observer) || !known.contains(observer.object) {
            let missing = known.contains(observer.observer) ? observer.object : observer.observer
            throw LocatedError(
                at: FileLocation(file: scenario.file),
                "observers: no object named '\(missing)'; declared: \(known.sorted().joined(separator: ", "))")
        }
        for step in scenario.steps {
            let (objectRefs, nibRefs, results) = StepParser.references(step.action)
            for name in nibRefs
            where !nibs.contains(name) && !scenario.bundle.resources.contains(name) && !scenario.bundle.resources.contains("\(name).nib") {
                if case .loadNib = step.action { continue }  // a missing nib is a scenario of its own (R-NIB-6)
                throw LocatedError(
                    at: step.location, "\(step.action.name): no nib named '\(name)'; declared: \(nibs.sorted().joined(separator: ", "))")
            }
            for name in objectRefs where !known.contains(name) {
                throw LocatedError(
                    at: step.location,
                    "\(step.action.name): no object named '\(name)'; known here: \(known.sorted().joined(separator: ", "))")
            }
            known.formUnion(results)
        }
        try StepParser.checkStacks(scenario.steps)
    }

    static func yamlLocation(_ error: YamlError, file: String) -> FileLocation {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return FileLocation(file: file, line: mark.line, column: mark.column)
        case .reader(_, let offset?, _, let yaml):
            // libyaml's reader counts bytes.
            let prefix = yaml.utf8.prefix(offset)
            let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = prefix.lastIndex(of: 0x0A).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0
            return FileLocation(file: file, line: line, column: prefix.count - lineStart + 1)
        default:
            return FileLocation(file: file)
        }
    }

    static func yamlProblem(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): return problem
        case .reader(let problem, _, let value, _):
            let code = String(UInt32(bitPattern: value), radix: 16, uppercase: true)
            return problem + " (U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code + ")"
        default: return "\(error)".split(separator: "\n").first.map(String.init) ?? "unreadable"
        }
    }
}
