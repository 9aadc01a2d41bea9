import NibModel
import NibSimulation
import Testing

@testable import NibDiffing
@testable import NibReview

@Suite struct NibDifferTests {
    @Test func identicalDocumentsHaveNoSemanticChange() {
        let graph = GraphFixtures.loginXib()
        let diff = NibDiffer.diff(old: graph, new: graph)
        #expect(diff.isEmpty)
        #expect(DiffSummary.headline(diff) == "no semantic change")
    }

    @Test(arguments: [GraphFixtures.loginXib(), GraphFixtures.flowStoryboard()])
    func regeneratedIDsAreNoSemanticChange(graph: NibGraph) {
        let diff = NibDiffer.diff(old: graph, new: GraphFixtures.regeneratingIDs(graph))
        #expect(!diff.hasSemanticChanges, "\(diff.objects) \(diff.connections) \(diff.document)")
        #expect(diff.matching.newToOld.count == graph.objects.count)
    }

    @Test func aRemovedOutletIsTheOnlyChange() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.connections.remove(at: 2)
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.objects.isEmpty)
        #expect(diff.connections.map(\.kind) == [.removed])
        #expect(diff.connections.first?.connectionKind == "outlet")
    }

    @Test func aRetargetedActionIsOneChangedConnection() {
        let old = GraphFixtures.loginXib()
        var new = GraphFixtures.regeneratingIDs(old)
        // Retarget the action from File's Owner to the text field, with regenerated ids too.
        let field = new.objects[4].id
        new.connections[3].kind = .action(selector: "signIn:", target: field, eventType: "touchUpInside")
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.objects.isEmpty)
        #expect(diff.connections.count == 1)
        let change = diff.connections.first
        #expect(change?.kind == .changed)
        #expect(change?.fields.map(\.field) == ["destination"])
        #expect(change?.fields.first?.old == "File's Owner (LoginViewController)")
    }

    @Test func aChangedBindingKeyPathIsReportedAsSuch() {
        var old = GraphFixtures.loginXib()
        old.platform = .macos
        old.connections.append(
            Connection(id: "b1", source: "txt-aa-002", kind: .binding(name: "value", destination: "-1", keyPath: "user.name", options: [])))
        var new = old
        new.connections[4].kind = .binding(name: "value", destination: "-1", keyPath: "user.login", options: [])
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.connections.count == 1)
        #expect(
            diff.connections.first?.fields == [FieldChange(field: "keyPath", old: "user.name", new: "user.login", category: .connection)])
    }

    @Test func anAddedSegueAndAChangedSegueKindAreReported() {
        let old = GraphFixtures.flowStoryboard()
        var new = old
        new.connections[1].kind = .segue(destination: "vc0-00-002", Segue(kind: "presentation", identifier: "showDetail"))
        new.connections.append(Connection(id: "q3", source: "vc0-00-002", kind: .segue(destination: "vc0-00-001", Segue(kind: "show"))))
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.connections.map(\.kind) == [.changed, .added])
        #expect(diff.connections.first?.fields.map(\.field) == ["kind"])
    }

    @Test func aChangedCustomClassIsAnObjectChangeWithSimulatedConsequences() {
        let old = GraphFixtures.flowStoryboard()
        var new = old
        new.objects[1].customClass = "TableListViewController"
        new.objects[1].storyboardIdentifier = "TableList"
        let diff = NibDiffer.diff(old: old, new: new, simulate: true)
        #expect(diff.objects.count == 1)
        #expect(diff.objects.first?.fields.map(\.field) == ["customClass", "storyboardIdentifier"])
        #expect(diff.objects.first?.fields.map(\.category) == [.customClass, .identifier])
        // The rule is the one on the simulator's initializer event for the object.
        let initializer = LoadConsequences.initializers(Simulator.run(document: new))[new.objects[1].id.rawValue]
        let reclassed = diff.consequences.filter { $0.message.contains("is now instantiated as `TableListViewController`") }
        #expect(reclassed.count == 1)
        #expect(reclassed.first?.rule == initializer?.rule)
        #expect(reclassed.first?.message.contains("its `\(initializer?.selector ?? "?")`") == true)
    }

    /// File's Owner is handed in by the code that loads the nib (R-NIB-3): its new class in IB
    /// is a risk for that code, not an object "created as" the new class (Tunnelblick's
    /// InstallWindow → SplashWindow rename said so).
    @Test func aReclassedOwnersRiskSaysTheCodeHandsItIn() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.objects[0].customClass = "SignUpViewController"
        let risk = NibDiffer.diff(old: old, new: new).risks.first { $0.kind == .customClass }
        #expect(risk?.message.contains("the nib does not create it") == true, "\(risk?.message ?? "")")
        #expect(risk?.message.contains("must now pass a `SignUpViewController`") == true)
        #expect(risk?.message.contains("created as") == false)
        var view = old
        view.objects[2].customClass = "LoginView"
        let viewRisk = NibDiffer.diff(old: old, new: view).risks.first { $0.kind == .customClass }
        #expect(viewRisk == nil, "a class added where there was none renames nothing")
    }

    @Test func anOutletOnAReclassedOwnerWarnsAboutAMissingKey() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.objects[0].customClass = "SignUpViewController"
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.objects.count == 1)
        // Placeholders are not instantiated, but every outlet they hold now targets another class.
        #expect(diff.consequences.map(\.rule) == ["R-OUT-1", "R-OUT-1", "R-OUT-1"])
        #expect(diff.consequences.first?.message.contains("`view` still sets a key on `SignUpViewController`") == true)
        var reclassedView = old
        reclassedView.objects[2].customClass = "LoginView"
        reclassedView.connections.append(
            Connection(id: "c9", source: "i5M-Pr-FkT", kind: .outlet(property: "button", destination: "btn-aa-001")))
        let second = NibDiffer.diff(old: old, new: reclassedView, simulate: true)
        #expect(second.consequences.filter { $0.message.contains("is now instantiated as `LoginView`") }.count == 1)
        #expect(second.consequences.filter { $0.rule == "R-OUT-1" }.count == 1)
    }

    @Test func aMovedObjectReportsItsNewParent() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.objects[4].parent = "btn-aa-001"
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.objects.first?.fields == [FieldChange(field: "parent", old: "UIView i5M", new: "Sign In")])
    }

    @Test func regeneratedIDsPairAddedObjectsWithoutShiftingTheOthers() {
        let old = GraphFixtures.loginXib()
        var new = GraphFixtures.regeneratingIDs(old)
        new.objects.insert(
            NibObject(id: "lbl-00-009", element: "label", className: "UILabel", parent: new.objects[2].id, label: "Title"), at: 3)
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.objects.map(\.kind) == [.added])
        #expect(diff.connections.isEmpty)
    }

    @Test func outletCollectionMembersAreAddedAndRemovedOneByOne() {
        var old = GraphFixtures.loginXib()
        old.connections.append(
            Connection(id: "oc1", source: "-1", kind: .outletCollection(property: "fields", destination: "txt-aa-002", appends: false)))
        old.connections.append(
            Connection(id: "oc2", source: "-1", kind: .outletCollection(property: "fields", destination: "txt-aa-003", appends: false)))
        var new = old
        new.connections.remove(at: 5)
        new.connections.append(
            Connection(id: "oc3", source: "-1", kind: .outletCollection(property: "fields", destination: "btn-aa-001", appends: false)))
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.connections.map(\.kind) == [.added, .removed])
        #expect(diff.connections(ofKind: "outletCollection").count == 2)
        #expect(DiffSummary.headline(diff) == "2 outlet collections changed")
    }

    @Test func aRenamedSegueIdentifierIsAChangeNotAnAddAndRemove() {
        let old = GraphFixtures.flowStoryboard()
        var new = old
        new.connections[1].id = "other"
        new.connections[1].kind = .segue(destination: "vc0-00-002", Segue(kind: "show", identifier: "openDetail"))
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(diff.connections.count == 1)
        #expect(
            diff.connections.first?.fields == [
                FieldChange(field: "identifier", old: "showDetail", new: "openDetail", category: .identifier)
            ])
    }

    @Test func aNewInitialViewControllerIsADocumentChange() {
        let old = GraphFixtures.flowStoryboard()
        var new = old
        new.initialViewController = "vc0-00-001"
        let diff = NibDiffer.diff(old: old, new: new)
        #expect(
            diff.document == [
                FieldChange(
                    field: "initialViewController", old: "UINavigationController nav", new: "ListViewController", category: .document)
            ])
    }

    @Test func aMacCustomViewTurnedIntoAViewChangesItsInitializer() {
        let old = NibGraph(
            file: "w.xib", format: .document, documentType: "com.apple.InterfaceBuilder3.Cocoa.XIB", platform: .macos,
            objects: [NibObject(id: "cv1", element: "customView", className: "NSView", customClass: "ChartView")])
        var new = old
        new.objects[0].element = "view"
        let diff = NibDiffer.diff(old: old, new: new, simulate: true)
        #expect(diff.objects.first?.fields.map(\.field) == ["element"])
        // The initializers are the simulator's own events (R-INIT-…), not a second table.
        let before = LoadConsequences.initializers(Simulator.run(document: old))["cv1"]
        let after = LoadConsequences.initializers(Simulator.run(document: new))["cv1"]
        #expect(before?.selector == "initWithFrame:")
        #expect(after?.selector == "initWithCoder:")
        let initializer = diff.consequences.first { $0.message.contains("is now created with") }
        #expect(initializer?.rule == after?.rule)
        #expect(initializer?.message == "ChartView is now created with `initWithCoder:` instead of `initWithFrame:`.")
    }

    @Test func theSimulatedLoadsAreComparedAsEventValues() {
        let old = GraphFixtures.loginXib()
        var new = old
        new.connections.remove(at: 1)
        let diff = NibDiffer.diff(old: old, new: new, simulate: true)
        let timeline = diff.consequences.first { $0.message.hasPrefix("The simulated load differs") }
        #expect(timeline != nil, "\(diff.consequences)")
        #expect(timeline?.message.contains("0 events added") == true, "\(timeline?.message ?? "")")
        #expect(NibDiffer.diff(old: old, new: GraphFixtures.regeneratingIDs(old), simulate: true).consequences.isEmpty)
    }
}
