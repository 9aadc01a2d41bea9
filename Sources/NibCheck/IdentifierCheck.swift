import NibClasses
import NibModel
import NibSources

/// R-CHK-6: storyboard references to a storyboard the inputs lack, or to an identifier their
/// storyboard does not declare.
struct StoryboardReferenceCheck {
    let graph: NibGraph
    /// Every storyboard of the documents checked, in their order (`Checker.Context.storyboards`).
    let storyboards: [StoryboardDocument]

    /// The storyboard references of `graph` to a storyboard of the app (a reference with a bundle
    /// identifier opens another bundle's).
    var references: [NibObject] {
        graph.objects.filter {
            $0.placeholder == PlaceholderIdentifier.storyboardReference && $0.attributes["bundleIdentifier"] == nil
        }
    }

    func run() -> [CheckFinding] {
        let references = self.references
        // Most documents have none: the list below was made for every document, each time of
        // every storyboard (539 corpus documents with sources: 0.5 s of a 1.7 s rebuild).
        guard !references.isEmpty else { return [] }
        var findings: [CheckFinding] = []
        // The referring storyboard first, so that a reference without a name stays in it.
        let storyboards = [StoryboardDocument(key: graph.file, graph: graph)] + self.storyboards.filter { $0.key != graph.file }
        for object in references {
            let here = FileLocation(file: graph.file, line: object.line, column: object.column)
            let name = object.attributes["storyboardName"] ?? storyboards[0].name
            let identifier = object.attributes["referencedIdentifier"]
            // R-CHK-6: the storyboard the reference opens is the nearest of its name (the site's too).
            guard let index = StoryboardReferenceResolver.storyboard(of: object, from: 0, in: storyboards) else {
                let text = "NSInvalidArgumentException: " + RuntimeMessages.missingStoryboard(name: name, bundlePath: "/App.app")
                findings.append(
                    CheckFinding(
                        .error, .missingStoryboard, at: here, key: name,
                        message: "storyboard reference to '\(name)': no input storyboard has that name; following it raises \(text)",
                        runtimeText: text))
                continue
            }
            let target = storyboards[index].graph
            if let identifier {
                guard !target.objects.contains(where: { $0.storyboardIdentifier == identifier }) else { continue }
                let text = "NSInvalidArgumentException: " + RuntimeMessages.missingIdentifier(storyboard: name, identifier: identifier)
                findings.append(
                    CheckFinding(
                        .error, .missingStoryboardIdentifier, at: here, key: identifier,
                        message:
                            "storyboard reference to '\(identifier)' in \(name): no controller there has that Storyboard ID; following it raises \(text)",
                        runtimeText: text))
            } else if target.initialViewController == nil {
                findings.append(
                    CheckFinding(
                        .error, .missingStoryboardIdentifier, at: here, key: name,
                        message: "storyboard reference to the initial controller of \(name), which has none"))
            }
        }
        return findings
    }
}

/// R-CHK-7 and R-CHK-8: segue and storyboard identifiers used in code against those the
/// documents declare.
struct IdentifierCheck {
    let context: Checker.Context

    func run() -> [CheckFinding] {
        let storyboards = context.storyboards
        guard !storyboards.isEmpty, context.index.fileCount > 0 else { return [] }
        var segues: [String: FileLocation] = [:]
        var identifiers: [String: FileLocation] = [:]
        // Storyboard IDs that spell their controller's class: `instantiateViewController(
        // withIdentifier: String(describing: Self.self))` (a common helper) uses them unwritten.
        var classNamed: Set<String> = []
        // Storyboard IDs a storyboard reference opens: UIKit instantiates them with no code
        // (Yep's tabs: Main's references to ConversationsViewController, FeedsViewController…).
        var referenced: Set<String> = []
        for graph in storyboards.map(\.graph) {
            for connection in graph.connections {
                guard case .segue(_, let segue) = connection.kind, let identifier = segue.identifier, !identifier.isEmpty else { continue }
                segues[identifier] = segues[identifier] ?? FileLocation(file: graph.file, line: connection.line, column: connection.column)
            }
            for object in graph.objects {
                if object.placeholder == PlaceholderIdentifier.storyboardReference,
                    let identifier = object.attributes["referencedIdentifier"]
                {
                    referenced.insert(identifier)
                }
                guard let identifier = object.storyboardIdentifier, !identifier.isEmpty else { continue }
                identifiers[identifier] =
                    identifiers[identifier] ?? FileLocation(file: graph.file, line: object.line, column: object.column)
                if identifier == object.customClass { classNamed.insert(identifier) }
            }
        }
        let names = Set(storyboards.flatMap(\.names))
        let sceneClasses = Self.sceneControllerClasses(storyboards, table: context.table)
        var findings: [CheckFinding] = []
        for use in context.index.identifierUses {
            // Sure to raise: the call goes to a controller (or its storyboard, or a named input
            // storyboard) whose scenes are all among the inputs, and no input declares the id.
            let ownStoryboard = use.enclosingClass.flatMap { sceneClasses[$0] }
            let runsInInputScene = ownStoryboard != nil
            switch use.kind {
            case .segue where segues[use.identifier] == nil:
                let sure = use.receiver == .selfController && runsInInputScene
                let receiverClass = sure ? use.enclosingClass.map { ClassLookup(table: context.table).qualifiedName($0) } : nil
                let text =
                    "NSInvalidArgumentException: "
                    + RuntimeMessages.missingSegue(className: receiverClass ?? "UIViewController", identifier: use.identifier)
                let whose = sure ? " from \(use.enclosingClass ?? ""), whose scenes are among the inputs," : ""
                findings.append(
                    CheckFinding(
                        sure ? .error : .warning, .undeclaredIdentifier, at: use.location, className: sure ? use.enclosingClass : nil,
                        key: use.identifier,
                        message:
                            "segue identifier '\(use.identifier)' is performed in code\(whose) but no input storyboard declares it; at run time: \(text)",
                        runtimeText: text))
            case .storyboardIdentifier where identifiers[use.identifier] == nil:
                var storyboard: String?
                switch use.receiver {
                case .namedStoryboard(let name) where names.contains(name): storyboard = name
                case .ownStoryboard: storyboard = ownStoryboard
                default: storyboard = nil
                }
                let text = storyboard.map {
                    "NSInvalidArgumentException: " + RuntimeMessages.missingIdentifier(storyboard: $0, identifier: use.identifier)
                }
                findings.append(
                    CheckFinding(
                        storyboard == nil ? .warning : .error, .undeclaredIdentifier, at: use.location, key: use.identifier,
                        message: "Storyboard ID '\(use.identifier)' is instantiated in code"
                            + (storyboard.map { " from the input storyboard \($0)" } ?? "")
                            + " but no input storyboard declares it" + (text.map { "; at run time: \($0)" } ?? ""),
                        runtimeText: text))
            case .storyboardName where !names.contains(use.identifier):
                findings.append(
                    CheckFinding(
                        .warning, .undeclaredIdentifier, at: use.location, key: use.identifier,
                        message: "storyboard '\(use.identifier)' is opened in code but is not among the inputs"))
            default: break
            }
        }
        for (identifier, location) in segues where !context.index.mentions(identifier) {
            findings.append(
                CheckFinding(
                    .note, .unusedIdentifier, at: location, key: identifier,
                    message: "segue identifier '\(identifier)' appears in no string of the sources"))
        }
        let computed = context.index.computedIdentifierKinds.contains(.storyboardIdentifier)
        for (identifier, location) in identifiers where !context.index.mentions(identifier) {
            if (computed && classNamed.contains(identifier)) || referenced.contains(identifier) { continue }
            findings.append(
                CheckFinding(
                    .note, .unusedIdentifier, at: location, key: identifier,
                    message: "Storyboard ID '\(identifier)' appears in no string of the sources"))
        }
        return findings
    }

    /// The classes whose instances run as a scene's controller of an input storyboard: each
    /// controller's custom class and its superclasses the sources declare.
    /// (class → the first input storyboard holding such a scene).
    static func sceneControllerClasses(_ storyboards: [StoryboardDocument], table: [String: ClassInfo]) -> [String: String] {
        var result: [String: String] = [:]
        for storyboard in storyboards {
            let name = storyboard.names.last ?? storyboard.key
            for object in storyboard.graph.objects where object.sceneMemberID == "viewController" {
                var current = object.customClass
                while let className = current, result[className] == nil {
                    result[className] = name
                    current = table[className]?.superclass
                }
            }
        }
        return result
    }
}
