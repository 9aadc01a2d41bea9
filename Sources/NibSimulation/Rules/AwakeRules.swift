import NibModel

extension Rule {
    /// SPEC §6.
    public static let awake: [Rule] = [awake1, awake2, awake3, awake4, awake6, awake8]
    /// R-AWAKE-1: awakeFromNib after all objects are created and connected.
    public static let awake1 = Rule("R-AWAKE-1", "awakeFromNib only after every object is instantiated and connected")
    /// R-AWAKE-2: iOS never awakens placeholders.
    public static let awake2 = Rule("R-AWAKE-2", "iOS: only instantiated objects get awakeFromNib, never File's Owner")
    /// R-AWAKE-3: macOS awakens placeholders too.
    public static let awake3 = Rule("R-AWAKE-3", "macOS: File's Owner and other placeholders get awakeFromNib too")
    /// R-AWAKE-4: macOS owner awakened once per load.
    public static let awake4 = Rule("R-AWAKE-4", "macOS: the owner is awakened on every load it owns")
    /// R-AWAKE-6: order: objects in SIM-ORDER, then placeholders (owner last).
    public static let awake6 = Rule("R-AWAKE-6", "awake order: objects in SIM-ORDER, then macOS placeholders")
    /// R-AWAKE-8: prepareForInterfaceBuilder only at design time.
    public static let awake8 = Rule("R-AWAKE-8", "prepareForInterfaceBuilder only in design-time mode")
}

extension SimulationRun {
    /// P4: `awakeFromNib` to every object the load created (SIM-ORDER), then on macOS to each
    /// distinct placeholder object in document order (R-AWAKE-2/3/6, E.3 once per object).
    func awaken(_ unit: NibUnit, instances: [ObjectID: Int], created: [Int]) {
        var awakened: Set<Int> = []
        for instance in created where objects[instance - 1].alive && awakened.insert(instance).inserted {
            lifecycle(instance, "awakeFromNib", isMac ? .awake1 : .awake2)
            if stopped { return }
            archivedControllerViewDidLoad(instance, unit: unit)
        }
        if isMac {
            // The owner of a storyboard view nib is not among the nib's objects; it still comes first.
            var placeholderIDs = unit.objects.filter { NibUnit.isPlaceholder($0) || $0.id == unit.ownerID }.map(\.id)
            if let ownerID = unit.ownerID, !placeholderIDs.contains(ownerID) { placeholderIDs.insert(ownerID, at: 0) }
            for id in placeholderIDs {
                guard let instance = instances[id], awakened.insert(instance).inserted else { continue }
                lifecycle(instance, "awakeFromNib", id == unit.ownerID ? .awake4 : .awake3)
                if stopped { return }
            }
        }
        if scenario.flags.designTime {
            for instance in created where objects[instance - 1].alive {
                lifecycle(instance, "prepareForInterfaceBuilder", .awake8)
            }
        }
    }

    /// R-VCI-7: a controller archived in an ordinary nib with its view inline gets `viewDidLoad`
    /// right after its own `awakeFromNib` (WinObjC's choice, Appendix D).
    private func archivedControllerViewDidLoad(_ instance: Int, unit: NibUnit) {
        guard !isMac, controllers[instance]?.state == .notLoaded, let element = objects[instance - 1].elementID,
            unit.objects.contains(where: { $0.parent == element && $0.key == "view" })
        else { return }
        transition(instance, to: .loaded, .vci7, trigger: "viewDidLoad")
        lifecycle(instance, "viewDidLoad", .vci7)
    }
}
