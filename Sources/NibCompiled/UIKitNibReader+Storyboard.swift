import NibModel

/// What a compiled storyboard's scene nib adds to a UIKit nib: segue templates and container
/// relationships.
extension UIKitNibReader {
    /// Segue templates of a storyboard controller: `.segue` connections whose destination is the
    /// destination's storyboard identifier (a `.storyboardc` reader maps it to the controller) and
    /// whose id is the template's, so a view nib's `perform:` action can name its trigger.
    mutating func addSegues(from index: Int) {
        guard let controller = table.object(index) else { return }
        for template in table.elements(controller["UIStoryboardSegueTemplates"]) ?? [] {
            guard let archived = table.object(template) else { continue }
            guard let destination = table.string(archived["UIDestinationViewControllerIdentifier"]) else {
                builder.warn("\(TextQuoting.plain(archived.className)) without a destination identifier ignored", at: template)
                continue
            }
            let segue = Segue(
                kind: SegueTemplateKind.kind(of: archived.className, platform: .ios), identifier: table.string(archived["UIIdentifier"]),
                customClass: table.string(archived["UISegueClassName"]))
            builder.connections.append(
                Connection(id: builder.id(template), source: builder.id(index), kind: .segue(destination: ObjectID(destination), segue)))
        }
    }

    /// A navigation controller's first `UIViewControllers` element is its root view controller, a
    /// tab bar controller's are its tabs: the relationship segues of the storyboard.
    mutating func addRelationships(from index: Int) {
        guard let controller = builder.objects[index], let archived = table.object(index) else { return }
        let members = (table.elements(archived["UIViewControllers"]) ?? []).filter { builder.objects[$0] != nil }
        let related: [(Int, String)]
        switch controller.className {
        case "UINavigationController": related = members.prefix(1).map { ($0, "rootViewController") }
        case "UITabBarController": related = members.map { ($0, "viewControllers") }
        default: return
        }
        for (member, relationship) in related {
            builder.connections.append(
                Connection(
                    id: nil, source: controller.id,
                    kind: .segue(destination: builder.id(member), Segue(kind: "relationship", relationship: relationship))))
        }
    }
}
