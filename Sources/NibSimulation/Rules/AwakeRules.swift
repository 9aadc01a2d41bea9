import NibModel

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
