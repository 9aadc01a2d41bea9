import NibModel
import NibParsing

/// Reads `steps:`: each item is a step name (`pop`) or a one-key mapping `name: argument(s)`.
enum StepParser {
    /// Every step name, as the schema lists them.
    static let names = [
        "loadNib", "instantiateInitialController", "instantiateController", "makeView", "launch", "loadDocument",
        "release", "instantiate", "accessView", "showRoot", "push", "pop", "present", "dismiss", "selectTab",
        "addChild", "removeChild", "memoryWarning", "setViewNil", "showWindow", "startTrace", "segue", "setDocument", "showTabs",
        "loadViewIfNeeded", "setView", "back", "dequeueCell", "removeFromWindow",
    ]

    static func steps(_ node: YAMLNode) throws -> [ScenarioStep] {
        try node.items("steps").map(step)
    }

    private static func step(_ node: YAMLNode) throws -> ScenarioStep {
        let name: String
        let argument: YAMLNode?
        let nameNode: YAMLNode
        if case .scalar = node.node {
            name = try node.string("a step")
            argument = nil
            nameNode = node
        } else {
            let fields = try node.fields("a step")
            guard fields.entries.count == 1, let entry = fields.entries.first else {
                throw node.error("a step is one of: \(names.joined(separator: ", ")) (one key per list item)")
            }
            name = entry.key
            argument = entry.value
            nameNode = entry.keyNode
        }
        guard names.contains(name) else { throw nameNode.error("unknown step '\(name)'; allowed: \(names.joined(separator: ", "))") }
        let action = try self.action(name, argument, at: nameNode)
        return ScenarioStep(action, at: nameNode.location)
    }

    private static func action(_ name: String, _ argument: YAMLNode?, at node: YAMLNode) throws -> StepAction {
        func args(_ allowed: [String], required: [String]) throws -> YAMLNode.Fields {
            guard let argument else { throw node.error("step \(name) needs \(required.map { "'\($0)'" }.joined(separator: ", "))") }
            return try argument.fields("step \(name)", allowed: allowed, required: required)
        }
        func single() throws -> String {
            guard let argument else { throw node.error("step \(name) needs an object name") }
            return try argument.string("step \(name)")
        }
        func none() throws {
            if let argument, !argument.isNull { throw argument.error("step \(name) takes no argument") }
        }
        switch name {
        case "loadNib":
            let f = try args(["nib", "owner", "externals", "as"], required: ["nib"])
            var externals: [String: String] = [:]
            for (key, _, value) in try f["externals"]?.fields("externals").entries ?? [] {
                externals[key] = try value.string("external \(key)")
            }
            return .loadNib(
                nib: try f.required("nib", in: "loadNib"), owner: try f.string("owner"), externals: externals, result: try f.string("as"))
        case "instantiateInitialController":
            let f = try args(["storyboard", "as", "creator"], required: ["storyboard"])
            if let creator = try f.string("creator") {  // R-VCI-8
                return .instantiateWithCreator(
                    storyboard: try f.required("storyboard", in: name), identifier: nil, initializer: creator, result: try f.string("as"))
            }
            return .instantiateInitialController(storyboard: try f.required("storyboard", in: name), result: try f.string("as"))
        case "instantiateController":
            let f = try args(["storyboard", "identifier", "as", "creator"], required: ["storyboard", "identifier"])
            if let creator = try f.string("creator") {  // R-VCI-8
                return .instantiateWithCreator(
                    storyboard: try f.required("storyboard", in: name), identifier: try f.required("identifier", in: name),
                    initializer: creator, result: try f.string("as"))
            }
            return .instantiateController(
                storyboard: try f.required("storyboard", in: name), identifier: try f.required("identifier", in: name),
                result: try f.string("as"))
        case "makeView":
            let f = try args(["nib", "owner", "count"], required: ["nib"])
            let count = try f["count"]?.int("count") ?? 1
            if count > InputLimits.maxMakeViewCount, let node = f["count"] {
                throw node.error("count \(count) is over the limit of \(InputLimits.maxMakeViewCount) views per makeView step")
            }
            return .makeView(nib: try f.required("nib", in: name), owner: try f.string("owner"), count: count)
        case "launch":
            let f = try args(["mainNib"], required: ["mainNib"])
            return .launch(mainNib: try f.required("mainNib", in: name))
        case "loadDocument":
            let f = try args(["nib"], required: ["nib"])
            return .loadDocument(nib: try f.required("nib", in: name))
        case "release": return .release(try single())
        case "instantiate":
            let f = try args(["name", "class", "initializer", "nibName"], required: ["name", "class"])
            let initializer =
                try f["initializer"]?.choice("initializer", ["init", "initWithNibName:bundle:", "initWithWindowNibName:", "new"]) ?? "init"
            return .instantiate(
                name: try f.required("name", in: name), className: try f.required("class", in: name), initializer: initializer,
                nibName: try f.string("nibName"))
        case "accessView": return .accessView(try single())
        case "showRoot": return .showRoot(try single())
        case "push": return .push(try single())
        case "pop": try none(); return .pop
        case "present":
            let f = try args(["controller", "style"], required: ["controller"])
            let styles = [
                "fullScreen", "currentContext", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "popover", "custom",
                "automatic",
            ]
            return .present(try f.required("controller", in: name), style: try f["style"]?.choice("style", styles))
        case "dismiss": try none(); return .dismiss
        case "selectTab":
            guard let argument else { throw node.error("step selectTab needs a tab index") }
            return .selectTab(try argument.int("selectTab"))
        case "addChild":
            let f = try args(["child", "parent"], required: ["child", "parent"])
            return .addChild(child: try f.required("child", in: name), parent: try f.required("parent", in: name))
        case "removeChild": return .removeChild(try single())
        case "memoryWarning": try none(); return .memoryWarning
        case "setViewNil": return .setViewNil(try single())
        case "setView": return .setView(try single())
        case "startTrace": try none(); return .startTrace
        case "loadViewIfNeeded": return .loadViewIfNeeded(try single())
        case "setDocument":
            let f = try args(["controller", "document"], required: ["controller", "document"])
            return .setDocument(controller: try f.required("controller", in: name), document: try f.required("document", in: name))
        case "showTabs":
            guard let argument else { throw node.error("step showTabs needs a list of controller names") }
            let tabs = try argument.items("showTabs").map { try $0.string("a tab") }
            guard !tabs.isEmpty else { throw argument.error("step showTabs needs at least one controller") }
            return .showTabs(tabs)
        case "segue":
            let f = try args(["controller", "identifier", "from", "trigger", "as"], required: ["controller"])
            let trigger = try f["trigger"]?.choice("trigger", ["storyboard", "code"]) ?? "storyboard"
            let identifier = try f.string("identifier")
            let from = try f.string("from")
            guard identifier != nil || from != nil else { throw node.error("step segue needs 'identifier' or 'from' (R-SB-2)") }
            return .segue(
                controller: try f.required("controller", in: name), identifier: identifier, sourceObject: from, fromCode: trigger == "code",
                result: try f.string("as"))
        case "back":
            guard let argument, !argument.isNull else { return .back(unwind: nil, fromCode: false) }
            let f = try argument.fields("step back", allowed: ["unwind", "trigger"], required: ["unwind"])
            let trigger = try f["trigger"]?.choice("trigger", ["storyboard", "code"]) ?? "storyboard"
            return .back(unwind: try f.required("unwind", in: name), fromCode: trigger == "code")
        case "dequeueCell":
            let f = try args(["controller", "identifier", "count", "as"], required: ["controller", "identifier"])
            let count = try f["count"]?.int("count") ?? 1
            guard count >= 1 else { throw (f["count"] ?? node).error("step dequeueCell: count must be at least 1") }
            if count > InputLimits.maxMakeViewCount, let node = f["count"] {
                throw node.error("count \(count) is over the limit of \(InputLimits.maxMakeViewCount) cells per dequeueCell step")
            }
            return .dequeueCell(
                controller: try f.required("controller", in: name), identifier: try f.required("identifier", in: name), count: count,
                result: try f.string("as"))
        case "removeFromWindow": return .removeFromWindow(try single())
        default: return .showWindow(try single())
        }
    }

    /// (object names used, nib names used, names defined) of a step, for reference checks.
    static func references(_ action: StepAction) -> (objects: [String], nibs: [String], results: [String]) {
        switch action {
        case .loadNib(let nib, let owner, let externals, let result):
            return ([owner].compactMap { $0 } + externals.values.sorted(), [nib], [result].compactMap { $0 })
        case .instantiateInitialController(let storyboard, let result): return ([], [storyboard], [result].compactMap { $0 })
        case .instantiateController(let storyboard, _, let result), .instantiateWithCreator(let storyboard, _, _, let result):
            return ([], [storyboard], [result].compactMap { $0 })
        case .makeView(let nib, let owner, _): return ([owner].compactMap { $0 }, [nib], [])
        case .launch(let nib), .loadDocument(let nib): return ([], [nib], [])
        case .release(let name), .accessView(let name), .showRoot(let name), .push(let name), .removeChild(let name),
            .setViewNil(let name), .showWindow(let name), .loadViewIfNeeded(let name), .setView(let name):
            return ([name], [], [])
        case .present(let name, _), .removeFromWindow(let name): return ([name], [], [])
        case .segue(let name, _, _, _, let result), .dequeueCell(let name, _, _, let result):
            return ([name], [], [result].compactMap { $0 })
        case .instantiate(let name, _, _, _): return ([], [], [name])
        case .addChild(let child, let parent): return ([child, parent], [], [])
        case .setDocument(let controller, let document): return ([controller, document], [], [])
        case .showTabs(let tabs): return (tabs, [], [])
        case .pop, .dismiss, .selectTab, .memoryWarning, .startTrace, .back: return ([], [], [])
        }
    }
}

extension StepParser {
    /// Steps that cannot happen: `pop` with nothing pushed, `dismiss` with nothing presented,
    /// `removeChild` of a controller never added (issue 5: located errors, not crashes).
    static func checkStacks(_ steps: [ScenarioStep]) throws {
        var navigation = 0
        var presented = 0
        var children: Set<String> = []
        for step in steps {
            switch step.action {
            // Launches and segues change the stacks in ways only the run knows (R-SB-3).
            case .launch, .segue: return
            case .back:
                if presented > 0 {
                    presented -= 1
                } else if navigation >= 2 {
                    navigation -= 1
                } else {
                    throw LocatedError(at: step.location, "back: nothing was pushed or presented")
                }
            case .showRoot, .showTabs: navigation = 1
            case .push: navigation += 1
            case .pop:
                guard navigation >= 2 else {
                    throw LocatedError(
                        at: step.location,
                        "pop: nothing was pushed (the navigation stack holds \(navigation) controller\(navigation == 1 ? "" : "s"))")
                }
                navigation -= 1
            case .present: presented += 1
            case .dismiss:
                guard presented > 0 else { throw LocatedError(at: step.location, "dismiss: nothing is presented") }
                presented -= 1
            case .addChild(let child, _): children.insert(child)
            case .removeChild(let child):
                guard children.remove(child) != nil else {
                    throw LocatedError(at: step.location, "removeChild: '\(child)' was never added as a child")
                }
            default: break
            }
        }
    }
}
