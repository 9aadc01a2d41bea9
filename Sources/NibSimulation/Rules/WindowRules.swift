import NibModel

extension SimulationRun {
    /// P5 (R-WIN-1/2/3): windows whose Visible At Launch is set, in SIM-ORDER.
    func showVisibleWindows(_ unit: NibUnit, instances: [ObjectID: Int]) {
        for object in unit.objects where isWindow(object) {
            guard let instance = instances[object.id], object.attributes["visibleAtLaunch"] != "NO" else { continue }
            emit(.showWindow, isMac ? .win1 : .win3, receiver: instance, level: .l2)
        }
    }

    private func isWindow(_ object: NibObject) -> Bool {
        guard !NibUnit.isPlaceholder(object) else { return false }
        return ["window", "panel", "NSWindowTemplate", "IBUIWindow"].contains(object.element)
    }
}
