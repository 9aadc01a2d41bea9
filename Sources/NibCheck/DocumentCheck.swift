import NibClasses
import NibModel
import NibSources

/// The checks of one document: custom classes, outlets and actions (R-CHK-1…5) and storyboard
/// references (R-CHK-6).
struct DocumentCheck {
    let graph: NibGraph
    let context: Checker.Context
    let checker: Checker
    var findings: [CheckFinding] = []
    var statistics = Checker.Statistics()
    /// Custom class name → whether the sources (or the framework table) define it.
    var classAnswers: [String: ClassLookup.Answer] = [:]
    private let objects: [ObjectID: NibObject]
    /// Each custom-class object's lookup module, worked out once (`SourceIndex.lookupModule`).
    private let lookupModules: [ObjectID: String?]

    init(graph: NibGraph, context: Checker.Context, checker: Checker) {
        self.graph = graph
        self.context = context
        self.checker = checker
        objects = graph.objectsByID
        let targetModule = context.index.targetModule(ofDocument: checker.documentPath(graph))
        var modules: [ObjectID: String?] = [:]
        for object in graph.objects where object.customClass != nil {
            modules[object.id] = context.index.lookupModule(of: object, targetModule: targetModule)
        }
        lookupModules = modules
    }

    var isMac: Bool { graph.platform.usesAppKit }

    /// The module `object`'s class is looked up in, with the document's target module for
    /// `customModuleProvider="target"`, and any for a placeholder (`SourceIndex.lookupModule(of:targetModule:)`).
    func module(of object: NibObject) -> String? { lookupModules[object.id] ?? nil }

    func location(line: Int, column: Int) -> FileLocation { FileLocation(file: graph.file, line: line, column: column) }

    /// Placeholders whose class is the framework's or the responder chain's, never a user class.
    static let frameworkPlaceholders: Set<String> = [PlaceholderIdentifier.firstResponder, PlaceholderIdentifier.storyboardReference]

    /// Class-name prefixes of Apple's frameworks: a custom class with one of them that the
    /// sources do not define is Apple's (`NSCustomView`, `NSMutableDictionary`, `UIResponder`).
    static let applePrefixes = [
        "NS", "UI", "WK", "MK", "AV", "PDF", "SK", "SCN", "MTK", "GLK", "CA", "IK", "QL", "PH", "Web", "AB", "CN", "GK",
    ]

    /// Whether `name` is a framework class: known to the curated table, or Apple-prefixed and not
    /// declared by the sources.
    func isFrameworkName(_ name: String) -> Bool {
        if ClassLookup.isFrameworkClass(name) { return true }
        guard context.index.candidates[name] == nil else { return false }
        return Self.applePrefixes.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first.map { $0.isUppercase } == true
        }
    }

    /// The custom class an object stands for when the sources can answer for it (framework
    /// classes are left alone: IB only offers the outlets and actions they really have).
    func userClass(of object: NibObject) -> String? {
        guard let custom = object.customClass, !custom.isEmpty else { return nil }
        if let placeholder = object.placeholder, Self.frameworkPlaceholders.contains(placeholder) { return nil }
        if object.sceneMemberID == "exit" { return nil }
        return custom
    }

    mutating func run() {
        for object in graph.objects { checkClass(object) }
        for connection in graph.connections {
            switch connection.kind {
            case .outlet(let key, let destination), .outletCollection(let key, let destination, _):
                checkOutlet(connection, key: key, destination: destination)
            case .action(let selector, let target, let eventType):
                checkAction(connection, selector: selector, target: target, eventType: eventType)
            case .binding, .segue: break
            }
        }
        findings += StoryboardReferenceCheck(graph: graph, storyboards: context.storyboards).run()
    }

    /// R-CHK-4: a custom class the sources do not define.
    mutating func checkClass(_ object: NibObject) {
        guard let name = userClass(of: object) else { return }
        let lookedUp = self.module(of: object)
        // The module named in messages: the one looked up ("" is the target's, unnamed).
        let module = lookedUp.flatMap { $0.isEmpty ? nil : $0 }
        if let list = context.index.candidates[name], context.index.resolve(name, module: lookedUp) == nil {
            undecidedClass(object, name: name, declarations: list)
            return
        }
        let defined = context.index.candidates[name] != nil
        if defined || isFrameworkName(name) {
            classAnswers[name] = .found
            if let mismatch = context.index.moduleMismatch(for: object, documentPath: checker.documentPath(graph)) {
                findings.append(wrongModule(object, mismatch))
            }
            return
        }
        let here = location(line: object.line, column: object.column)
        // A placeholder is handed to the loader, which looks up no class for it (R-NIB-3).
        let runtimeText =
            object.placeholder == nil ? "Unknown class \(module.map { "\($0)." } ?? "")\(name) in Interface Builder file." : nil
        if let note = codeNotGiven(name, module: module, runtimeText: runtimeText, fallback: object.className) {
            classAnswers[name] = classAnswers[name] ?? .unknown
            findings.append(
                CheckFinding(
                    .note, .unknownModule, at: here, className: name, message: note.message, runtimeText: note.runtimeText,
                    source: note.source, sourceNote: note.sourceNote))
            return
        }
        classAnswers[name] = classAnswers[name] == .found ? .found : .missing
        let consequence =
            runtimeText.map { "the runtime logs \"\($0)\" and builds \(TextQuoting.withArticle(object.className))" }
            ?? "\(Self.describe(placeholder: object)) is the object the code hands to the load, whose class the runtime never looks up, so its outlets and actions cannot be checked"
        findings.append(
            CheckFinding(
                .warning, .unknownClass, at: here, className: name,
                message: "unknown class \(name): no class of the sources declares it; \(consequence)", runtimeText: runtimeText))
    }

    /// How messages name a placeholder.
    static func describe(placeholder object: NibObject) -> String {
        guard let identifier = object.placeholder else { return object.className }
        return PlaceholderIdentifier.standardName(identifier) ?? "the external object \(identifier)"
    }

    /// Why class `name`, which the sources do not declare, is in code not given (a note, its
    /// outlets and actions not checked), or nil when nothing says so (a warning).
    func codeNotGiven(_ name: String, module: String?, runtimeText: String?, fallback: String)
        -> (message: String, runtimeText: String?, source: FileLocation?, sourceNote: String?)?
    {
        if let framework = Self.builtFramework(containing: graph.file) {
            // A nib inside a built framework (a vendored `Sparkle.framework`) is loaded by that
            // framework's code, whose classes are in its binary, not in the app's sources.
            return (
                "class \(name): the document is inside \(framework), a built framework whose sources were not given; the class is the framework's own, its outlets and actions are not checked",
                nil, nil, nil
            )
        }
        if let module, !context.index.modules.contains(module) {
            return (
                "class \(name) of module \(module): no source folder of that module was given; its outlets and actions are not checked",
                nil, nil, nil
            )
        }
        if let use = context.index.typeUses[name] {
            // The sources compile against a declaration of it: linked code not given has one.
            let otherwise =
                runtimeText.map { "; should none, the runtime logs \"\($0)\" and builds \(TextQuoting.withArticle(fallback))" } ?? ""
            return (
                "class \(name): no source given declares it, but the sources use it (\(use.description)), so linked code not given does (a package, Pod or framework: add its folder to --sources to check it)\(otherwise)",
                runtimeText, use.location, "\(name) is used here as \(use.description)"
            )
        }
        if let (sibling, prefix) = Self.sibling(of: name, among: context.index.typeUses, declared: context.index.candidates.keys),
            let use = context.index.typeUses[sibling]
        {
            // A library's classes share its prefix: MacPass uses HNHUIScrollView (HNHUi, a
            // Carthage framework not checked out) in code, and its xibs name HNHUIColorWell.
            let otherwise =
                runtimeText.map { "; should none, the runtime logs \"\($0)\" and builds \(TextQuoting.withArticle(fallback))" } ?? ""
            return (
                "class \(name): no source given declares it, but the sources use \(sibling) (\(use.description)), of the same prefix \(prefix), without declaring it either: both likely come from linked code not given (a package, Pod or framework: add its folder to --sources to check it)\(otherwise)",
                runtimeText, use.location, "\(sibling), of the prefix \(prefix), is used here as \(use.description)"
            )
        }
        return nil
    }

    /// A class the sources use without declaring that shares with `name` a prefix of at least five
    /// characters ending where a word starts in both (`HNHUI` of HNHUIColorWell and
    /// HNHUIScrollView), the longest such prefix first; nil when none does. A prefix the app's own
    /// classes (`declared`) use is no sign of a library: Amethyst's misspelt
    /// `LayoutNameWIndowController` and its `Layout…` classes, KeePassium's missing
    /// `PricingPlanBenefitCell` and its `PricingPlan…` types stay warnings; nor is a prefix
    /// beginning with the app's own acronym.
    static func sibling(
        of name: String, among uses: [String: SourceIndex.TypeUse], declared: some Collection<String> = [String]()
    ) -> (name: String, prefix: String)? {
        func isOwn(_ prefix: String) -> Bool {
            declared.contains { $0.hasPrefix(prefix) && $0.dropFirst(prefix.count).first?.isUppercase == true }
        }
        // The class's own acronym (`AI` of AIPlasticPlusButton, `HNHUI` of HNHUIColorWell): when
        // the app's classes carry it, the class is more likely the app's, stale or misspelt
        // (Adium's old nibs name AIPlasticPlusButton, long gone from its AIUtilities).
        let capitals = name.prefix { $0.isUppercase }
        let acronym = capitals.count >= 2 && capitals.count < name.count ? String(capitals.dropLast()) : String(capitals)
        if acronym.count >= 2 && isOwn(acronym) { return nil }
        let letters = Array(name)
        var best: (name: String, prefix: String)?
        for other in uses.keys.sorted() where other != name {
            let otherLetters = Array(other)
            var common = 0
            while common < min(letters.count, otherLetters.count), letters[common] == otherLetters[common] { common += 1 }
            // Back to a word start in both: the next letter of each is an uppercase one.
            while common >= 5,
                !(common < letters.count && letters[common].isUppercase && common < otherLetters.count && otherLetters[common].isUppercase)
            {
                common -= 1
            }
            guard common >= 5, common > (best?.prefix.count ?? 0), !isOwn(String(letters[..<common])) else { continue }
            best = (other, String(letters[..<common]))
        }
        return best
    }

    /// The built framework bundle (`Name.framework`) a document's path lies in, if any.
    static func builtFramework(containing path: String) -> String? {
        path.split(separator: "/").last { $0.hasSuffix(".framework") && $0.count > ".framework".count }.map(String.init)
    }

    /// The sources declare `name`, but not as a class the runtime loads for `object` (only Swift
    /// classes, registered under their mangled names, for a document naming no module), or
    /// several same-named classes none of which the document's module picks: the class and
    /// its keys are unknown, never an error (the class may come from code not given).
    mutating func undecidedClass(_ object: NibObject, name: String, declarations: [SourceIndex.DerivedClass]) {
        classAnswers[name] = classAnswers[name] ?? .unknown
        // A placeholder's class is never looked up (R-NIB-3): only which declaration it is is unknown.
        guard object.placeholder == nil, module(of: object) == nil, !declarations.contains(where: \.isPlainRegistered) else { return }
        let runtimeText = "Unknown class \(name) in Interface Builder file."
        let mangled = declarations.map { "_TtC\($0.module.utf8.count)\($0.module)\(name.utf8.count)\(name)" }
        // A Swift name of a renamed class (R-SRC-1): the plain name it is registered under.
        let objcNames = Set(declarations.compactMap(\.objcNameOfRenamed)).sorted()
        let alsoAs = objcNames.isEmpty ? "" : " (and as \(objcNames.joined(separator: ", ")), its @objc name)"
        findings.append(
            CheckFinding(
                .warning, .unknownClass, at: location(line: object.line, column: object.column), className: name,
                message:
                    "unknown class \(name): the document names no module, and the sources declare \(name) only as a Swift class "
                    + "without @objc(\(name)), registered as \(mangled.joined(separator: ", "))\(alsoAs); unless code not given declares it, "
                    + "the runtime logs \"\(runtimeText)\" and builds \(TextQuoting.withArticle(object.className)); its outlets and actions are not checked",
                runtimeText: runtimeText, source: declarations.first?.info.source,
                sourceNote: "Swift class \(name) is declared here, in module \(declarations.first?.module ?? "?")"))
    }

    /// R-CHK-9: the class exists, but not in the module the document names; the runtime builds
    /// the element's framework class, and every outlet key that class lacks then fails.
    func wrongModule(_ object: NibObject, _ mismatch: ModuleMismatch) -> CheckFinding {
        let fallback = object.className
        let lookup = ClassLookup(table: [:])
        let lostKeys = graph.connections.compactMap { connection -> String? in
            guard connection.source == object.id else { return nil }
            switch connection.kind {
            case .outlet(let key, _), .outletCollection(let key, _, _):
                return lookup.keyValueAnswer(fallback, key: key) == .found ? nil : key
            default: return nil
            }
        }
        let whose =
            mismatch.isTargetModule
            ? "the document's target module \(mismatch.lookedUpModule) (customModuleProvider=\"target\")"
            : "module \(mismatch.lookedUpModule)"
        var message =
            "class \(mismatch.className) is looked up in \(whose), but the sources compile it into "
            + mismatch.definedIn.joined(separator: ", ")
            + "; the runtime logs \"\(mismatch.logText)\" and builds \(TextQuoting.withArticle(fallback)) instead"
        if let first = lostKeys.first {
            let text = (isMac ? "" : "NSUnknownKeyException: ") + RuntimeMessages.unknownKey(className: fallback, key: first)
            message +=
                isMac ? "; its outlets (\(lostKeys.joined(separator: ", "))) fail to connect" : "; its first outlet then raises \(text)"
        }
        return CheckFinding(
            .error, .wrongModule, at: location(line: object.line, column: object.column), className: mismatch.className,
            key: mismatch.lookedUpModule, message: message, runtimeText: mismatch.logText,
            source: context.index.resolve(mismatch.className, module: nil)?.info.source
                ?? context.index.candidates[mismatch.className]?.first?.info.source,
            sourceNote: "class \(mismatch.className) is declared here, in module \(mismatch.definedIn.joined(separator: ", "))")
    }

    /// R-CHK-1 (and R-CHK-5 on found outlets).
    mutating func checkOutlet(_ connection: Connection, key: String, destination: ObjectID) {
        guard let source = objects[connection.source], let name = userClass(of: source), !isFrameworkName(name) else { return }
        let lookup = context.lookup(name, module: module(of: source))
        var answer = context.index.candidates[name] == nil ? .unknown : lookup.keyValueAnswer(name, key: key)
        if answer == .missing && lookup.actionAnswer(name, selector: "setValue:forUndefinedKey:") == .found { answer = .unknown }
        statistics.outlets.count(answer)
        let here = location(line: connection.line, column: connection.column)
        let qualified = lookup.qualifiedName(name)
        if answer == .found {
            if let finding = outletType(connection, source: source, name: name, key: key, destination: destination, at: here) {
                findings.append(finding)
            }
            return
        }
        guard answer == .missing else { return }
        let hidden = context.index.declaration(of: name, module: module(of: source)) {
            $0.kind == .hiddenProperty && $0.name == key
        }
        let classSource = context.index.resolve(name, module: module(of: source))?.info.source
        let why =
            hidden != nil
            ? "\(key) is declared but not visible to KVC (add @IBOutlet or @objc)"
            : "no declaration of \(key) in \(name) or its superclasses"
        let runtimeText: String
        let consequence: String
        if isMac {
            let destinationClass = objects[destination].map { lookup.qualifiedName($0.runtimeClass) } ?? "nil"
            runtimeText = RuntimeMessages.failedToConnectOutlet(
                key: key, sourceClass: qualified, destinationClass: destinationClass, osVersion: checker.macVersion)
            consequence = "AppKit logs \"\(runtimeText)\" and leaves it nil (R-OUT-2)"
        } else {
            runtimeText = "NSUnknownKeyException: " + RuntimeMessages.unknownKey(className: qualified, key: key)
            consequence = "the load raises \(runtimeText) (R-OUT-1)"
        }
        findings.append(
            CheckFinding(
                .error, .unknownKey, at: here, className: name, key: key,
                message: "outlet '\(key)' of \(name): \(why); \(consequence)", runtimeText: runtimeText,
                source: hidden?.location ?? classSource,
                sourceNote: hidden != nil
                    ? "\(key) is declared here, hidden from the Objective-C runtime" : "class \(name) is declared here"))
    }

    /// R-CHK-5: the declared outlet type is a known class the destination is not a kind of.
    func outletType(_ connection: Connection, source: NibObject, name: String, key: String, destination: ObjectID, at here: FileLocation)
        -> CheckFinding?
    {
        guard
            let member = context.index.declaration(
                of: name, module: module(of: source),
                where: { ($0.kind == .outlet || $0.kind == .outletCollection) && $0.name == key }),
            let declared = member.type, let target = objects[destination], target.placeholder == nil
        else { return nil }
        let lookup = context.lookup(target.runtimeClass, module: module(of: target))
        let declaredKnown = ClassLookup.isFrameworkClass(declared) || context.index.candidates[declared] != nil
        let chain = lookup.chain(target.runtimeClass)
        // A renamed class is one class under two names (R-SRC-1): Swift code writes its Swift
        // name, a document or Objective-C code its @objc one. Only a name that stands for renamed
        // classes alone is aliased: a same-named Objective-C class is another class.
        func runtimeNames(_ name: String) -> Set<String> {
            let list = context.index.candidates[name] ?? []
            guard !list.isEmpty, list.allSatisfy({ $0.objcNameOfRenamed != nil }) else { return [name] }
            return Set(list.compactMap(\.objcNameOfRenamed) + [name])
        }
        let declaredNames = runtimeNames(declared)
        guard declaredKnown, chain.last == "NSObject", !chain.contains(where: { !runtimeNames($0).isDisjoint(with: declaredNames) })
        else { return nil }
        return CheckFinding(
            .warning, .outletTypeMismatch, at: here, className: name, key: key,
            message:
                "outlet '\(key)' of \(name) is declared as \(declared) but connects to a \(target.runtimeClass) (\(chain.joined(separator: " → ")))",
            source: member.location, sourceNote: "\(key) is declared here as \(declared)")
    }

    /// R-CHK-2 and R-CHK-3.
    mutating func checkAction(_ connection: Connection, selector: String, target: ObjectID?, eventType: String?) {
        let here = location(line: connection.line, column: connection.column)
        let targetObject = target.flatMap { objects[$0] }
        if targetObject == nil || targetObject?.placeholder == PlaceholderIdentifier.firstResponder {
            guard !context.implementedActions.contains(selector) else { return }
            findings.append(
                CheckFinding(
                    .warning, .unhandledFirstResponderAction, at: here, selector: selector,
                    message:
                        "First Responder action \(selector): no class of the sources or of the framework implements it; nothing in the responder chain handles it"
                ))
            return
        }
        guard let targetObject, let name = userClass(of: targetObject), !isFrameworkName(name) else { return }
        let lookup = context.lookup(name, module: module(of: targetObject))
        var answer = context.index.candidates[name] == nil ? .unknown : lookup.actionAnswer(name, selector: selector)
        if answer == .missing
            && (lookup.actionAnswer(name, selector: "forwardingTargetForSelector:") == .found
                || lookup.actionAnswer(name, selector: "respondsToSelector:") == .found)
        {
            answer = .unknown
        }
        statistics.actions.count(answer)
        guard answer == .missing else { return }
        let qualified = lookup.qualifiedName(name)
        let runtimeText: String
        let consequence: String
        if isMac {
            runtimeText = RuntimeMessages.actionNotConnected(selector: selector, targetClass: qualified, osVersion: checker.macVersion)
            consequence = "AppKit logs \"\(runtimeText)\" at load and the control does nothing (R-ACT-4)"
        } else {
            runtimeText = "NSInvalidArgumentException: " + RuntimeMessages.unrecognizedSelector(className: qualified, selector: selector)
            consequence = "the first \(eventType ?? "") event raises \(runtimeText) (R-ACT-3)".replacingOccurrences(
                of: "first  event", with: "first event")
        }
        findings.append(
            CheckFinding(
                .error, .unrecognizedSelector, at: here, className: name, selector: selector,
                message: "action \(selector) to \(name): no method with that selector in \(name) or its superclasses; \(consequence)",
                runtimeText: runtimeText,
                source: context.index.resolve(name, module: module(of: targetObject))?.info.source,
                sourceNote: "class \(name) is declared here"))
    }
}
