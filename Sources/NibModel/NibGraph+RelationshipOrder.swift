extension NibGraph {
    /// Each relationship segue's place (from 0) among its source's relationship segues of the
    /// same name, in document order, for sources with several: a tab bar controller's
    /// `viewControllers` relationships are its tabs, left to right, in this order (the array
    /// `UITabBarController.viewControllers`; `tabItems` of an `NSTabViewController` likewise).
    /// Diagrams number them, since a layout does not keep the order.
    public var relationshipPositions: [Connection: Int] {
        var groups: [String: [Connection]] = [:]
        for connection in connections {
            guard case .segue(_, let segue) = connection.kind, segue.kind == "relationship", let name = segue.relationship else { continue }
            groups[connection.source.rawValue + "\u{0}" + name, default: []].append(connection)
        }
        var positions: [Connection: Int] = [:]
        for group in groups.values where group.count > 1 {
            for (position, connection) in group.enumerated() { positions[connection] = position }
        }
        return positions
    }
}
