import NibModel

/// The order of each object's children that IB keeps in an array (subviews, menu items, table
/// columns, tab view items, toolbar items: the children without a `key`). It is behaviour: a
/// later subview is drawn over the earlier ones and hit-tested first, and a menu lists its items
/// in this order. Transmission fixed a context menu that did not open by moving a view behind its
/// siblings, an edit that changed nothing else. Constraints and layout guides are left out.
enum SiblingOrder {
    /// Parent → its keyless children in document order, for parents with two or more. Only
    /// for the XML formats: a compiled nib lists its objects in its object table's order, which
    /// a rebuild may change with nothing moved.
    static func children(of graph: NibGraph) -> [ObjectID: [ObjectID]] {
        guard graph.format == .document || graph.format == .archive else { return [:] }
        var result: [ObjectID: [ObjectID]] = [:]
        var seen = Set<ObjectID>()
        let elements = Dictionary(graph.objects.map { ($0.id, $0.element) }, uniquingKeysWith: { first, _ in first })
        for object in graph.objects where seen.insert(object.id).inserted {
            guard let parent = object.parent, object.key == nil, !NibDiffer.layoutElements.contains(object.element),
                !isPrototype(object.element, in: elements[parent] ?? "")
            else { continue }
            result[parent, default: []].append(object.id)
        }
        return result.filter { $0.value.count > 1 }
    }

    /// Prototype cells are found by reuse identifier, whatever their order (a static table's
    /// cells are under their section, and keep theirs).
    static func isPrototype(_ element: String, in parent: String) -> Bool {
        switch parent {
        case "tableView": element == "tableViewCell"
        case "collectionView": element == "collectionViewCell" || element == "collectionReusableView"
        case "tableColumn", "outlineView": element == "tableCellView" || element == "tableRowView"
        default: false
        }
    }

    /// A child's name under its parent: the last segment of its path (`NSButton #2`), id-free.
    static func childName(_ child: ObjectID, parent: ObjectID, _ names: ObjectNames) -> String {
        let path = names.path(child)
        let prefix = names.path(parent) + " > "
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The order of a parent's children as one value: `NSImageView, NSStackView, NSView`.
    static func text(_ children: [ObjectID], parent: ObjectID, _ names: ObjectNames) -> String {
        children.map { childName($0, parent: parent, names) }.joined(separator: ", ")
    }

    /// A change for each parent of both versions whose children, among those both versions
    /// have under it, come in another order (added and removed children are object changes).
    static func changes(
        old: NibGraph, new: NibGraph, matching: ObjectMatching, oldNames: ObjectNames, newNames: ObjectNames
    ) -> [PropertyChange] {
        let oldOrder = children(of: old)
        let newOrder = children(of: new)
        var result: [PropertyChange] = []
        var seen = Set<ObjectID>()
        for object in new.objects where seen.insert(object.id).inserted {
            guard let children = newOrder[object.id], let oldParent = matching.newToOld[object.id],
                let oldChildren = oldOrder[oldParent]
            else { continue }
            let oldInNewIDs = oldChildren.compactMap { matching.oldToNew[$0] }
            let wereThere = Set(oldInNewIDs)
            let now = children.filter { wereThere.contains($0) }
            let stillThere = Set(now)
            let before = oldInNewIDs.filter { stillThere.contains($0) }
            guard now.count > 1, before != now else { continue }
            result.append(
                PropertyChange(
                    kind: .changed, category: .structure, object: object.id, name: newNames.labeled(object.id), field: "order",
                    old: text(before, parent: object.id, newNames), new: text(now, parent: object.id, newNames)))
        }
        return result
    }
}
