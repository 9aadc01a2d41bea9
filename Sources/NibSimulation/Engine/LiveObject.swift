import NibModel

/// An object alive (or once alive) during a run: unarchived from a nib or created by scenario code.
struct LiveObject {
    /// 1-based creation number; also the index + 1 in `SimulationRun.objects`.
    let instance: Int
    /// The runtime class.
    var className: String
    /// The element it was unarchived from.
    let elementID: ObjectID?
    /// The element name (`button`, `customView`), nil for code objects.
    let element: String?
    /// The load that created it.
    let load: Int?
    /// A label alias from the scenario (R-CONV-1).
    let alias: String?
    /// Creation ordinal among code objects of the same class (E.3 `#<n>`).
    let codeOrdinal: Int?
    /// False once released.
    var alive = true
}

/// What the simulator keeps about a view controller.
struct ControllerInfo {
    /// The `nibName` given to `initWithNibName:bundle:` (explicit), nil otherwise.
    var nibName: String?
    /// The storyboard view nib (`<vcID>-view-<viewID>`) for storyboard controllers (R-VCI-5).
    var storyboardViewNib: NibUnit?
    /// Objects of the controller nib the view nib refers to (the controller itself and its siblings).
    var proxies: [ObjectID: Int] = [:]
    /// The current view state.
    var state: ViewState = .notLoaded
    /// The storyboard the controller came from (embed destinations instantiate from it).
    var storyboard: NibGraph?
    /// Controllers instantiated through its relationship and embed segues, in document order (E.3).
    var children: [Int] = []
    /// Objects the current view load created (released when the view unloads, E.3).
    var viewObjects: [Int] = []
    /// True once the loaded view has had its first layout pass (E.3: layout pair on the first appearance).
    var laidOut = false
    /// The containment parent (R-APP-9) and whether the child's view is in the parent's view.
    var parent: Int?
    var viewInParent = false
    /// True when the view is set (a `loadView` override may leave it nil, R-LOAD-6).
    var viewLoaded: Bool { state != .notLoaded && state != .unloaded }
    /// NSWindowController: the window is loaded (R-MAC-9).
    var windowLoaded = false
    /// NSWindowController: its document (R-MAC-9 steps 2 and 5).
    var document: Int?
    /// Prototype cells of the storyboard view's tables and collections, each its own nib (R-SB-7).
    var prototypes: [PrototypeCell] = []
    /// Element id → instance of the current view load's objects (proxies for prototype cell nibs).
    var viewInstances: [ObjectID: Int] = [:]
    /// The container whose relationship segue made this controller (navigation, tab, split, window).
    var container: Int?
    /// Relationship children whose views are in this container's view (R-LAUNCH-2), in order.
    var visibleChildren: [Int] = []
}

extension SimulationRun {
    /// The label printed for `instance` now (R-CONV-1, E.3 suffixes). Counts come from
    /// `labelIndex`, so a run that creates many objects stays linear.
    func label(_ instance: Int?) -> String {
        guard let instance, instance >= 1, instance <= objects.count else { return "nil" }
        if instance <= labelCache.count, let cached = labelCache[instance - 1], cached.generation == labelGeneration {
            return cached.label
        }
        let label = makeLabel(instance)
        if labelCache.count < objects.count { labelCache += Array(repeating: nil, count: objects.count - labelCache.count) }
        labelCache[instance - 1] = (labelGeneration, label)
        return label
    }

    /// `label(instance)` made from `labelIndex`.
    private func makeLabel(_ instance: Int) -> String {
        let object = objects[instance - 1]
        let base = object.alias ?? object.className
        guard labelIndex.alive(base: base) > 1 else { return base }
        if let id = object.elementID {
            if labelIndex.alive(base: base, element: id) > 1, let load = object.load {
                return "\(base)#\(id).\(labelIndex.loadOrdinal(element: id, load: load))"
            }
            return "\(base)#\(id)"
        }
        return "\(base)#\(object.codeOrdinal ?? instance)"
    }

    /// The timeline's view of `instance`.
    func eventObject(_ instance: Int) -> EventObject {
        let object = objects[instance - 1]
        return EventObject(instance: instance, id: object.elementID?.rawValue, label: label(instance), className: object.className)
    }

    /// Creates an object (code or nib) and returns its instance number.
    @discardableResult
    func create(className: String, elementID: ObjectID? = nil, element: String? = nil, load: Int? = nil, alias: String? = nil) -> Int {
        let instance = objects.count + 1
        let ordinal = elementID == nil ? labelIndex.nextCodeOrdinal(className) : nil
        let object = LiveObject(
            instance: instance, className: className, elementID: elementID, element: element, load: load, alias: alias,
            codeOrdinal: ordinal)
        objects.append(object)
        labelIndex.created(object)
        return instance
    }

    /// Marks objects released.
    func release(_ instances: [Int]) {
        for instance in instances where instance >= 1 && instance <= objects.count && objects[instance - 1].alive {
            objects[instance - 1].alive = false
            labelIndex.released(objects[instance - 1])
        }
    }

    /// The runtime class of `instance`.
    func className(_ instance: Int) -> String { objects[instance - 1].className }
}
