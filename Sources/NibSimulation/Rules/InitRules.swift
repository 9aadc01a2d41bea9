import NibModel
import NibRules

extension Rule {
    /// The initializer an archived object receives when a nib loads it, with the rule that picks
    /// it (R-INIT-1..8, E.3). The one initializer table: the engine's P2 uses it, and so may any
    /// reader that needs the choice without a run (a timeline's initializer events say the same).
    public static func initializer(
        for object: NibObject, platform: Platform, flags: SimulationFlags = SimulationFlags()
    ) -> (selector: String, rule: Rule) {
        let element = object.element
        let isCustomObject = ["customObject", "IBUICustomObject", "NSCustomObject"].contains(element)
        if platform.usesAppKit {
            if ["customView", "NSCustomView"].contains(element) { return ("initWithFrame:", .init6) }
            if isCustomObject { return ("init", .init7) }
            if flags.macWindowTemplateInit, element == "window", object.customClass != nil {
                return ("initWithContentRect:styleMask:backing:defer:", .init8)
            }
            return ("initWithCoder:", .init5)
        }
        if isCustomObject { return ("init", .init4) }
        return ("initWithCoder:", object.customClass == nil ? .init2 : .init3)
    }
}

extension SimulationRun {
    /// The initializer an object gets in this run (`Rule.initializer(for:platform:flags:)`).
    func initializer(for object: NibObject) -> (selector: String, rule: Rule) {
        Rule.initializer(for: object, platform: scenario.platform, flags: scenario.flags)
    }

    /// P2 for one object: create it and send its initializer (and `awakeAfterUsingCoder:`).
    func instantiate(_ object: NibObject, load: Int) -> Int {
        var className = object.runtimeClass
        // R-CHK-9: a custom class the runtime cannot find (wrong module): it logs and builds the
        // element's framework class, which then answers every key and selector.
        if let notFound = classesNotFound[object.id], notFound.customClass == object.customClass {
            log(notFound.log, .chk9)
            notes.append(
                "R-CHK-9: \(object.customClass ?? "") is not in the module the document names; the runtime builds \(TextQuoting.withArticle(object.className)) instead (\(notFound.log))"
            )
            className = object.className
        }
        let instance = create(className: className, elementID: object.id, element: object.element, load: load)
        let (selector, rule) = initializer(for: object)
        let isController = Self.isViewControllerElement(object.element)
        // R-VCI-8: the creator block's initializer enters first, then calls super's initWithCoder:.
        if isController, selector == "initWithCoder:", let creator = stage.creatorInitializer {
            stage.creatorInitializer = nil
            if creator != selector { lifecycle(instance, creator, .vci8) }
        }
        lifecycle(instance, selector, rule)
        if isController { controllers[instance] = ControllerInfo() }
        guard selector == "initWithCoder:" else { return instance }
        // R-INIT-9: only decoded objects get awakeAfterUsingCoder:; a substitute replaces them.
        lifecycle(instance, "awakeAfterUsingCoder:", .init9)
        if let substitute = classes.behaviour(object.runtimeClass).awakeAfterUsingCoderReturns {
            release([instance])
            return create(className: substitute, elementID: object.id, element: object.element, load: load)
        }
        return instance
    }

    /// View and window controller elements (not the bindings controllers of NSController).
    static func isViewControllerElement(_ element: String) -> Bool {
        let lower = element.lowercased()
        guard lower.hasSuffix("controller") else { return false }
        return !["userdefaultscontroller", "arraycontroller", "objectcontroller", "treecontroller", "dictionarycontroller"].contains(lower)
    }
}
