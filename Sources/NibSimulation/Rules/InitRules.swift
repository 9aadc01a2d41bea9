import NibModel

extension Rule {
    /// SPEC §2.
    public static let instantiation: [Rule] = [init1, init2, init3, init4, init5, init6, init7, init8, init9, init10]
    /// R-INIT-1: initWithCoder:, macOS custom views initWithFrame:, custom objects init.
    public static let init1 = Rule("R-INIT-1", "initializer: initWithCoder:, else initWithFrame: (macOS custom view), else init")
    /// R-INIT-2: iOS NSCoding objects get initWithCoder:.
    public static let init2 = Rule("R-INIT-2", "iOS archived objects get initWithCoder:, never initWithFrame:")
    /// R-INIT-3: iOS class substitution (UIClassSwapper).
    public static let init3 = Rule("R-INIT-3", "iOS customClass swapped in and sent initWithCoder:")
    /// R-INIT-4: iOS generic Object gets init.
    public static let init4 = Rule("R-INIT-4", "iOS customObject is created with init")
    /// R-INIT-5: macOS library objects get initWithCoder:, even with a custom class.
    public static let init5 = Rule("R-INIT-5", "macOS library objects get initWithCoder:")
    /// R-INIT-6: macOS NSCustomView → initWithFrame:.
    public static let init6 = Rule("R-INIT-6", "macOS customView is created with initWithFrame:")
    /// R-INIT-7: macOS custom objects get init.
    public static let init7 = Rule("R-INIT-7", "macOS customObject is created with init")
    /// R-INIT-8: window templates (flag macWindowTemplateInit).
    public static let init8 = Rule("R-INIT-8", "macOS custom windows get initWithContentRect:styleMask:backing:defer: (flag)")
    /// R-INIT-9: awakeAfterUsingCoder: after initWithCoder:, may substitute.
    public static let init9 = Rule("R-INIT-9", "awakeAfterUsingCoder: follows initWithCoder: and may replace the object")
    /// R-INIT-10: SIM-ORDER instantiation.
    public static let init10 = Rule("R-INIT-10", "objects are instantiated in SIM-ORDER")
}

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
                "R-CHK-9: \(object.customClass ?? "") is not in the module the document names; the runtime builds a \(object.className) instead (\(notFound.log))"
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
