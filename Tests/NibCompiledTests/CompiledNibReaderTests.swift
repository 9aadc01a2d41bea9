import Foundation
import NibInspect
import NibModel
import NibParsing
import NibTestSupport
import Testing

/// Compiled nibs built by the test encoders: golden dumps of a NIBArchive and a keyed archive,
/// the same objects read from either container, and a compiled storyboard folder.
@Suite struct CompiledNibReaderTests {
    static let fixtures: [(name: String, bytes: @Sendable () -> [UInt8])] = [
        ("uikit-login.nibarchive.nib", { NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()) }),
        ("appkit-prefs.keyed.nib", { KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences()) }),
    ]

    @Test(arguments: fixtures.map(\.name))
    func aCompiledNibDumpMatchesItsGolden(name: String) throws {
        let bytes = try #require(Self.fixtures.first { $0.name == name }).bytes()
        let graph = try NibDocumentParser.parse(data: Data(bytes), file: name)
        Golden.check(InspectText.render(graph), against: CompiledSnapshots.folder.appendingPathComponent("compiled-\(name).txt").path)
        Golden.check(InspectJSON.encode(graph), against: CompiledSnapshots.folder.appendingPathComponent("compiled-\(name).json").path)
        #expect(InspectJSON.encode(try NibDocumentParser.parse(data: Data(bytes), file: name)) == InspectJSON.encode(graph))
    }

    @Test(arguments: ["uikit", "appkit"])
    func bothContainersGiveTheSameGraph(kind: String) throws {
        let fixture = kind == "uikit" ? CompiledFixtures.uikitLoginView() : CompiledFixtures.appKitPreferences()
        let archive = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(fixture)), file: "x.nib")
        let keyed = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(fixture)), file: "x.nib")
        #expect(archive.format == .nibArchive && keyed.format == .keyedArchive)
        // UIKit ids are object numbers, one more in a keyed archive ($objects[0] is $null);
        // AppKit ids are the IB ids NSIBObjectData stores.
        let shift = kind == "uikit" ? 1 : 0
        func renumbered(_ id: ObjectID) -> String { Int(id.rawValue).map { String($0 + shift) } ?? id.rawValue }
        #expect(
            archive.objects.map { "\(renumbered($0.id)) \($0.runtimeClass) \($0.parent.map(renumbered) ?? "-")" }
                == keyed.objects.map { "\($0.id) \($0.runtimeClass) \($0.parent?.rawValue ?? "-")" })
        #expect(archive.connections.count == keyed.connections.count)
        #expect(archive.platform == keyed.platform)
    }

    @Test func uikitClassSwapsPlaceholdersEventsAndRuntimeAttributesAreRead() throws {
        let graph = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView())), file: "v.nib")
        #expect(graph.platform == .ios)
        #expect(Set(graph.objects.compactMap(\.placeholder)) == ["IBFilesOwner", "IBFirstResponder"])
        let avatar = try #require(graph.objects.first { $0.customClass == "AvatarView" })
        #expect(avatar.className == "UIImageView" && avatar.runtimeAttributes.first?.keyPath == "layer.cornerRadius")
        #expect(!graph.objects.contains { $0.className == "NSLayoutConstraint" }, "an unreferenced constraint is not an object")
        let events = graph.connections.compactMap { connection -> String? in
            if case .action(let selector, _, let event) = connection.kind { return "\(selector) \(event ?? "-")" }
            return nil
        }
        #expect(events == ["login: touchUpInside", "cancel: primaryActionTriggered"])
        #expect(graph.diagnostics.contains { $0.severity == .warning && $0.message.contains("UIRuntimeMysteryConnection") })
    }

    /// IB's object names are labels; a blank one is none (Adium's localized `MainMenu.nib` names
    /// its menu items ""), so reports and diffs name the object by its class instead of by "".
    @Test func aBlankObjectNameIsNoLabel() throws {
        var builder = AppKitNibBuilder(ownerClass: "AppController")
        let menu = builder.add("NSMenu")
        let blank = builder.add("NSMenuItem", parent: menu)
        let spaces = builder.add("NSMenuItem", parent: menu)
        builder.names = [(menu, "Main Menu"), (blank, ""), (spaces, " \t")]
        let fixture = builder.build()
        for bytes in [KeyedArchiveWriter.encode(fixture), KeyedArchiveWriter.encodeXML(fixture)] {
            let graph = try NibDocumentParser.parse(data: Data(bytes), file: "MainMenu.nib")
            let items = graph.objects.filter { $0.className == "NSMenuItem" }
            #expect(items.count == 2 && items.allSatisfy { $0.label == nil }, "\(items.map(\.label))")
            #expect(graph.objects.first { $0.className == "NSMenu" }?.label == "Main Menu")
        }
    }

    @Test func theApplicationObjectIsAPlaceholderWithoutItsIBId() throws {
        // ibtool's NIBArchives keep no IB ids: `-3` cannot name the application there.
        var builder = AppKitNibBuilder(ownerClass: "AlertController")
        let name = builder.nib.string("NSApplication")
        let application = builder.add("NSCustomObject", [("NSClassName", .ref(name))])
        let window = builder.add("NSWindowTemplate")
        builder.outlet("delegate", from: application, to: builder.owner)
        builder.outlet("window", from: builder.owner, to: window)
        let graph = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(builder.build())), file: "Alert.nib")
        let app = try #require(graph.objects.first { $0.customClass == "NSApplication" })
        #expect(app.placeholder == PlaceholderIdentifier.application)
        #expect(graph.objects.filter { $0.placeholder == PlaceholderIdentifier.application }.count == 1)
    }

    /// An Interface Builder 2 nib archived by NSArchiver is named as such, whatever the path
    /// (R-CHK-10 makes it a note in `check`), in both byte orders of its header.
    @Test(arguments: ["typedstream", "streamtyped"], ["Legacy.nib/objects.nib", "objects.nib", "Renamed.xib"])
    func aTypedStreamNibIsAReaderLimitationNamedAsSuch(header: String, file: String) throws {
        let bytes = Data([4, 11] + Array(header.utf8) + [0x81, 0x03, 0xE8, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84])
        let error = try #require(throws: LocatedError.self) { try NibDocumentParser.parse(data: bytes, file: file) }
        #expect(error.isReaderLimitation && error.location.file == file)
        #expect(error.message.hasPrefix("an Interface Builder 2 nib archived by NSArchiver (typedstream), a format nibviz does not read"))
    }

    /// ibtool writes a plain `NSNibConnector` (the base class, which establishes nothing) per
    /// stack view to order decoding; a connector class nibviz does not know is still a warning.
    @Test func aPlainNibConnectorIsNoConnectionAndNoWarning() throws {
        var builder = AppKitNibBuilder(ownerClass: "AlertController")
        let stack = builder.add("NSStackView")
        builder.outlet("buttons", from: builder.owner, to: stack)
        builder.connector(
            "NSNibConnector", from: stack,
            label: "Encoding NSStackView requires being decoded before other connections with an early decoding order priority of 999990.")
        builder.connector("NSNibFutureConnector", from: stack, label: "future", [("NSDestination", .ref(builder.owner))])
        let graph = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(builder.build())), file: "Alert.nib")
        #expect(graph.connections.count == 1, "\(graph.connections)")
        let warnings = graph.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(
            warnings.count == 1 && warnings.first?.contains("unknown connection class NSNibFutureConnector ignored") == true, "\(warnings)")
    }

    @Test func appKitConstraintsAreObjectsOnlyWhenAConnectionNamesThem() throws {
        var builder = AppKitNibBuilder(ownerClass: "AlertController")
        let view = builder.add("NSView")
        let field = builder.add("NSTextField", parent: view)
        builder.add("NSLayoutConstraint", [("NSFirstItem", .ref(field)), ("NSSecondItem", .ref(view))], parent: view)
        let height = builder.add("NSLayoutConstraint", [("NSFirstItem", .ref(field))], parent: view)
        builder.add("NSIBPrototypingLayoutConstraint", [("NSFirstItem", .ref(field))], parent: view)
        builder.add("NSLayoutGuide", parent: view)
        builder.outlet("view", from: builder.owner, to: view)
        builder.outlet("heightConstraint", from: builder.owner, to: height)
        let graph = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(builder.build())), file: "Alert.nib")
        // As the XML reader keeps a `<constraint>` only when an outlet names it (and the UIKit
        // compiled reader does): one constraint, the outlet's.
        let constraints = graph.objects.filter { $0.className == "NSLayoutConstraint" }
        #expect(constraints.count == 1)
        #expect(graph.connections.contains { $0.destination == constraints.first?.id })
        #expect(graph.objects.contains { $0.className == "NSTextField" })
        #expect(!graph.objects.contains { $0.className.hasSuffix("LayoutConstraint") && $0.className != "NSLayoutConstraint" })
        #expect(!graph.objects.contains { $0.className == "NSLayoutGuide" })
    }

    @Test func appKitBindingsNilTargetsAndVisibleWindowsAreRead() throws {
        let graph = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences())), file: "p.nib")
        #expect(graph.platform == .macos)
        let window = try #require(graph.objects.first { $0.element == "NSWindowTemplate" })
        #expect(window.id == "5" && window.customClass == "NSPanel" && window.attributes["visibleAtLaunch"] == nil)
        #expect(graph.objects.first { $0.id == "-3" }?.placeholder == PlaceholderIdentifier.application)
        #expect(graph.objects.first { $0.id == "20" }?.placeholder == PlaceholderIdentifier.filesOwner)
        let kinds = graph.connections.map { connection -> String in
            switch connection.kind {
            case .binding(let name, _, let keyPath, let options): "\(name) \(keyPath) \(options.map { "\($0.key)=\($0.value)" })"
            case .action(let selector, let target, _): "\(selector) \(target?.rawValue ?? "responder chain")"
            default: connection.kind.name
            }
        }
        #expect(kinds == ["outlet", "save: 20", "performClose: responder chain", "value prefs.name [\"NSNullPlaceholder=Nobody\"]"])
    }

    @Test func aCompiledStoryboardFolderIsOneStoryboardGraph() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-sbc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Main.storyboardc")
        try CompiledFixtures.writeStoryboardc(at: url)
        let graph = try NibDocumentParser.parse(contentsOf: url, displayName: "Main.storyboardc")
        Golden.check(
            InspectText.render(graph), against: CompiledSnapshots.folder.appendingPathComponent("compiled-Main.storyboardc.txt").path)
        #expect(graph.isStoryboard && graph.scenes.count == 2)
        let navigation = try #require(graph.scenes.first { $0.id == "Nav" }?.controller)
        let home = try #require(graph.scenes.first { $0.id != "Nav" }?.controller)
        #expect(graph.initialViewController == navigation)
        // The root controller is archived inside the navigation controller's nib.
        let login = try #require(graph.objects.first { $0.customClass == "LoginViewController" })
        #expect(login.parent == navigation)
        #expect(
            graph.connections.contains {
                $0.source == navigation
                    && $0.kind == .segue(destination: login.id, Segue(kind: "relationship", relationship: "rootViewController"))
            })
        // The show segue belongs to the button that triggers it (its `perform:` action is gone).
        let segue = try #require(
            graph.connections.first { if case .segue(_, let segue) = $0.kind { return segue.kind == "show" } else { return false } })
        #expect(segue.destination == home)
        #expect(graph.objects.first { $0.id == segue.source }?.className == "UIButton")
        #expect(!graph.connections.contains { if case .action("perform:", _, _) = $0.kind { return true } else { return false } })
        #expect(!graph.objects.contains { $0.placeholder?.hasPrefix("UpstreamPlaceholder") == true })
        // The view nib hangs below its controller: File's Owner of the view nib is the controller.
        #expect(graph.objects.contains { $0.parent == login.id && $0.className == "UIView" })
        #expect(
            graph.connections.contains { $0.source == login.id && $0.kind == .outlet(property: "view", destination: $0.destination ?? "") })
        #expect(graph.diagnostics.filter { $0.severity == .note }.count == 1)
    }

    @Test func anOldIOSKeyedArchiveUsesIBUIClassesAndProxies() throws {
        var nib = ArchiveFixture()
        let data = nib.object("NSIBObjectData")
        let owner = nib.object("IBProxyObject", [("IBProxiedObjectIdentifier", .ref(nib.string("IBFilesOwner")))])
        let view = nib.object("IBUIView")
        let button = nib.object("IBUIButton")
        let outlet = nib.object(
            "NSNibOutletConnector", [("NSSource", .ref(owner)), ("NSDestination", .ref(view)), ("NSLabel", .ref(nib.string("view")))])
        nib.append(
            [
                ("NSRoot", .ref(owner)), ("NSObjectsKeys", .ref(nib.array([view, button]))),
                ("NSObjectsValues", .ref(nib.array([owner, view]))), ("NSConnections", .ref(nib.array([outlet]))),
                ("NSClassesKeys", .ref(nib.array([view]))), ("NSClassesValues", .ref(nib.array([nib.string("GradientView")]))),
            ], to: data)
        nib.setRoot([("IB.objectdata", .ref(data))])
        let graph = try NibDocumentParser.parse(data: Data(KeyedArchiveWriter.encode(nib)), file: "old.nib")
        #expect(graph.platform == .ios)
        #expect(graph.objects.map(\.className) == ["NSObject", "UIView", "UIButton"])
        #expect(graph.objects.map(\.customClass) == [nil, "GradientView", nil])
        #expect(graph.objects.first?.placeholder == PlaceholderIdentifier.filesOwner)
        #expect(graph.objects.last?.parent == graph.objects[1].id)
        #expect(graph.connections.count == 1)
    }

    @Test func childViewControllersHangBelowTheirParent() throws {
        var nib = ArchiveFixture()
        let child = nib.object("UITableViewController")
        let parent = nib.object("UINavigationController", [("UIChildViewControllers", .ref(nib.array([child])))])
        nib.setRoot([("UINibTopLevelObjectsKey", .ref(nib.array([parent]))), ("UINibObjectsKey", .ref(nib.array([parent])))])
        let graph = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(nib)), file: "nav.nib")
        #expect(
            graph.objects.map { "\($0.className) \($0.parent?.rawValue ?? "-")" } == [
                "UINavigationController -", "UITableViewController \(parent)",
            ])
    }

    @Test func aCompiledBundlePrefersKeyedObjectsThenTheNewestVariantThenRuntimeNibs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-bundle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let nib = Data(NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()))
        func read(_ files: [String]) throws -> NibGraph {
            let bundle = folder.appendingPathComponent("\(UUID().uuidString).nib")
            try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
            for file in files { try nib.write(to: bundle.appendingPathComponent(file)) }
            return try NibDocumentParser.parse(contentsOf: bundle, displayName: "V.nib")
        }
        #expect(try read(["keyedobjects.nib", "keyedobjects-110000.nib"]).file == "V.nib/keyedobjects.nib")
        let variants = try read(["keyedobjects-101300.nib", "keyedobjects-110000.nib"])
        #expect(variants.file == "V.nib/keyedobjects-110000.nib")
        #expect(variants.diagnostics.contains { $0.message.hasPrefix("bundle also holds keyedobjects-101300.nib") })
        #expect(try read(["runtime.nib", "objects-13.0+.nib"]).file == "V.nib/runtime.nib")
        #expect(try read(["objects-8.0+.nib", "objects-13.0+.nib"]).file == "V.nib/objects-13.0+.nib")
    }

    @Test func aCompiledStoryboardWithoutInfoOrWithAMissingNibIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-sbc-\(UUID().uuidString)/Main.storyboardc")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: LocatedError(at: FileLocation(file: "Main.storyboardc"), "compiled storyboard without Info.plist")) {
            try NibDocumentParser.parse(contentsOf: folder, displayName: "Main.storyboardc")
        }
        let info = BinaryPlistWriter.encode(
            .dictionary([("UIViewControllerIdentifiersToNibNames", .dictionary([("Gone", .string("Gone"))]))]))
        try Data(info).write(to: folder.appendingPathComponent("Info.plist"))
        let graph = try NibDocumentParser.parse(contentsOf: folder, displayName: "Main.storyboardc")
        #expect(graph.scenes.isEmpty)
        #expect(graph.diagnostics.map(\.description) == ["Main.storyboardc/Info.plist: warning: names nib Gone, which is missing"])
        try Data("<plist".utf8).write(to: folder.appendingPathComponent("Info.plist"))
        #expect(throws: LocatedError.self) { try NibDocumentParser.parse(contentsOf: folder, displayName: "Main.storyboardc") }
    }

    @Test func prototypeCellNibsAreExpandedBelowTheirTableView() throws {
        var cell = ArchiveFixture()
        let upstream = cell.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(cell.string("UpstreamPlaceholder-c1")))])
        let unused = cell.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(cell.string("IBFilesOwner")))])
        let prototype = cell.object("UITableViewCell")
        let button = cell.object("UIButton", [("UISuperview", .ref(prototype))])
        cell.append([("UISubviews", .ref(cell.array([button])))], to: prototype)
        let action = cell.object(
            "UIRuntimeEventConnection",
            [
                ("UILabel", .ref(cell.string("tapped:"))), ("UISource", .ref(button)), ("UIDestination", .ref(upstream)),
                ("UIEventMask", .int(64)),
            ])
        cell.setRoot([
            ("UINibTopLevelObjectsKey", .ref(cell.array([unused, prototype, upstream]))),
            ("UINibObjectsKey", .ref(cell.array([unused, prototype, button, upstream]))),
            ("UINibConnectionsKey", .ref(cell.array([action]))),
        ])
        var nib = ArchiveFixture()
        let owner = nib.object("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(nib.string("IBFilesOwner")))])
        let inner = nib.object("NSData", [("NS.bytes", .data(NIBArchiveWriter.encode(cell)))])
        let uinib = nib.object("UINib", [("captureEnclosingNIBBundleOnDecode", .bool(true)), ("archiveData", .ref(inner))])
        let broken = nib.object("UINib", [("archiveData", .data(Array("NIBArchive".utf8) + [1, 0, 0]))])
        let externals = nib.add(.dictionary([(nib.string("Cell"), nib.add(.dictionary([(nib.string("UpstreamPlaceholder-c1"), owner)])))]))
        let table = nib.object(
            "UITableView",
            [
                (
                    "UITableViewCellPrototypeNibs",
                    .ref(nib.add(.dictionary([(nib.string("Cell"), uinib), (nib.string("Broken"), broken)])))
                ),
                ("UITableViewCellPrototypeNibExternalObjects", .ref(externals)),
            ])
        nib.setRoot([("UINibTopLevelObjectsKey", .ref(nib.array([owner, table]))), ("UINibObjectsKey", .ref(nib.array([owner, table])))])
        let graph = try NibDocumentParser.parse(data: Data(NIBArchiveWriter.encode(nib)), file: "t.nib")
        let tableID = try #require(graph.objects.first { $0.className == "UITableView" }?.id)
        let prototypeCell = try #require(graph.objects.first { $0.className == "UITableViewCell" })
        #expect(prototypeCell.parent == tableID)
        #expect(graph.objects.first { $0.className == "UIButton" }?.parent == prototypeCell.id)
        // The nested File's Owner nothing connects to is left out; the upstream placeholder is the outer owner.
        #expect(graph.objects.filter(\.isPlaceholder).count == 1)
        let ownerID = try #require(graph.objects.first { $0.placeholder == PlaceholderIdentifier.filesOwner }?.id)
        #expect(graph.connections.contains { $0.kind == .action(selector: "tapped:", target: ownerID, eventType: "touchUpInside") })
        #expect(graph.diagnostics.contains { $0.severity == .warning && $0.message.contains("prototype nib Broken") })
    }
}
