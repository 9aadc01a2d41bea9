/// A graph in `CompactBinary`, as a site build keeps each document's summary for the next build:
/// as JSON, decoding the summaries was the largest step of a corpus rebuild after one document
/// changed, and encoding them 1.5 % of a full build. Every stored field of every type is
/// written, in declaration order (a test lists them: a field added must be added here too);
/// dictionaries in key order, so equal graphs give equal bytes.
extension NibGraph {
    /// Appends the graph to `writer`.
    public func write(to writer: inout CompactBinary.Writer) {
        writer.string(file)
        writer.string(format.rawValue)
        writer.string(documentType)
        writer.string(platform.rawValue)
        writer.optionalString(targetRuntime)
        writer.optionalString(toolsVersion)
        writer.flag(isStoryboard)
        writer.integer(objects.count)
        for object in objects { object.write(to: &writer) }
        writer.integer(connections.count)
        for connection in connections { connection.write(to: &writer) }
        writer.integer(scenes.count)
        for scene in scenes {
            writer.string(scene.id)
            writer.optionalString(scene.controller?.rawValue)
            writer.optionalString(scene.title)
            writer.integer(scene.line)
        }
        writer.optionalString(initialViewController?.rawValue)
        writer.integer(diagnostics.count)
        for diagnostic in diagnostics {
            writer.string(diagnostic.severity.rawValue)
            diagnostic.location.write(to: &writer)
            writer.string(diagnostic.message)
        }
    }

    /// A graph as `write(to:)` wrote it.
    public init(from reader: inout CompactBinary.Reader) throws {
        let (file, format, documentType) = (try reader.string(), try reader.raw(Format.self, try reader.string()), try reader.string())
        let platform = try reader.raw(Platform.self, try reader.string())
        let (targetRuntime, toolsVersion, isStoryboard) = (try reader.optionalString(), try reader.optionalString(), try reader.flag())
        var objects: [NibObject] = []
        let objectCount = try reader.count()
        objects.reserveCapacity(objectCount)
        for _ in 0..<objectCount { objects.append(try NibObject(from: &reader)) }
        var connections: [Connection] = []
        for _ in 0..<(try reader.count()) { connections.append(try Connection(from: &reader)) }
        var scenes: [Scene] = []
        for _ in 0..<(try reader.count()) {
            scenes.append(
                Scene(
                    id: try reader.string(), controller: try reader.optionalString().map { ObjectID($0) },
                    title: try reader.optionalString(), line: try reader.integer()))
        }
        let initialViewController = try reader.optionalString().map { ObjectID($0) }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<(try reader.count()) {
            let severity = try reader.raw(Diagnostic.Severity.self, try reader.string())
            diagnostics.append(Diagnostic(severity, at: try FileLocation(from: &reader), try reader.string()))
        }
        self.init(
            file: file, format: format, documentType: documentType, platform: platform, targetRuntime: targetRuntime,
            toolsVersion: toolsVersion, isStoryboard: isStoryboard, objects: objects, connections: connections, scenes: scenes,
            initialViewController: initialViewController, diagnostics: diagnostics)
    }
}

extension NibObject {
    func write(to writer: inout CompactBinary.Writer) {
        writer.string(id.rawValue)
        writer.string(element)
        writer.string(className)
        writer.optionalString(customClass)
        writer.optionalString(customModule)
        writer.optionalString(placeholder)
        writer.optionalString(parent?.rawValue)
        writer.optionalString(scene)
        writer.optionalString(label)
        writer.optionalString(key)
        writer.optionalString(storyboardIdentifier)
        writer.optionalString(sceneMemberID)
        writer.entries(attributes) { $0.string($1) }
        writer.integer(runtimeAttributes.count)
        for attribute in runtimeAttributes {
            writer.string(attribute.type)
            writer.string(attribute.keyPath)
            writer.optionalString(attribute.value)
        }
        writer.integer(line)
        writer.optionalString(contentText)
        writer.integer(column)
    }

    init(from reader: inout CompactBinary.Reader) throws {
        self.init(
            id: ObjectID(try reader.string()), element: try reader.string(), className: try reader.string(),
            customClass: try reader.optionalString(), customModule: try reader.optionalString(), placeholder: try reader.optionalString(),
            parent: try reader.optionalString().map { ObjectID($0) }, scene: try reader.optionalString(),
            label: try reader.optionalString(),
            key: try reader.optionalString(), storyboardIdentifier: try reader.optionalString(), sceneMemberID: try reader.optionalString())
        attributes = try reader.entries { try $0.string() }
        for _ in 0..<(try reader.count()) {
            runtimeAttributes.append(
                RuntimeAttribute(type: try reader.string(), keyPath: try reader.string(), value: try reader.optionalString()))
        }
        line = try reader.integer()
        contentText = try reader.optionalString()
        column = try reader.integer()
    }
}

extension Connection {
    /// Tags of `ConnectionKind`'s cases.
    private enum Tag: UInt8 {
        case outlet, outletCollection, action, binding, segue
    }

    func write(to writer: inout CompactBinary.Writer) {
        writer.optionalString(id?.rawValue)
        writer.string(source.rawValue)
        switch kind {
        case .outlet(let property, let destination):
            writer.byte(Tag.outlet.rawValue)
            writer.string(property)
            writer.string(destination.rawValue)
        case .outletCollection(let property, let destination, let appends):
            writer.byte(Tag.outletCollection.rawValue)
            writer.string(property)
            writer.string(destination.rawValue)
            writer.flag(appends)
        case .action(let selector, let target, let eventType):
            writer.byte(Tag.action.rawValue)
            writer.string(selector)
            writer.optionalString(target?.rawValue)
            writer.optionalString(eventType)
        case .binding(let name, let destination, let keyPath, let options):
            writer.byte(Tag.binding.rawValue)
            writer.string(name)
            writer.string(destination.rawValue)
            writer.string(keyPath)
            writer.integer(options.count)
            for option in options {
                writer.string(option.key)
                writer.string(option.value)
            }
        case .segue(let destination, let segue):
            writer.byte(Tag.segue.rawValue)
            writer.string(destination.rawValue)
            writer.string(segue.kind)
            writer.optionalString(segue.identifier)
            writer.optionalString(segue.relationship)
            writer.optionalString(segue.customClass)
            writer.optionalString(segue.unwindAction)
            writer.optionalString(segue.modalPresentationStyle)
            writer.optionalString(segue.popoverAnchor?.rawValue)
        }
        writer.integer(line)
        writer.integer(column)
        writer.flag(namesTargetAttribute)
    }

    init(from reader: inout CompactBinary.Reader) throws {
        let id = try reader.optionalString().map { ObjectID($0) }
        let source = ObjectID(try reader.string())
        let tag = try reader.byte()
        let kind: ConnectionKind
        switch Tag(rawValue: tag) {
        case .outlet: kind = .outlet(property: try reader.string(), destination: ObjectID(try reader.string()))
        case .outletCollection:
            kind = .outletCollection(property: try reader.string(), destination: ObjectID(try reader.string()), appends: try reader.flag())
        case .action:
            kind = .action(
                selector: try reader.string(), target: try reader.optionalString().map { ObjectID($0) },
                eventType: try reader.optionalString())
        case .binding:
            let (name, destination, keyPath) = (try reader.string(), ObjectID(try reader.string()), try reader.string())
            var options: [BindingOption] = []
            for _ in 0..<(try reader.count()) { options.append(BindingOption(key: try reader.string(), value: try reader.string())) }
            kind = .binding(name: name, destination: destination, keyPath: keyPath, options: options)
        case .segue:
            let destination = ObjectID(try reader.string())
            kind = .segue(
                destination: destination,
                Segue(
                    kind: try reader.string(), identifier: try reader.optionalString(), relationship: try reader.optionalString(),
                    customClass: try reader.optionalString(), unwindAction: try reader.optionalString(),
                    modalPresentationStyle: try reader.optionalString(), popoverAnchor: try reader.optionalString().map { ObjectID($0) }))
        case nil: throw reader.malformed("unknown connection kind \(tag)")
        }
        self.init(id: id, source: source, kind: kind, line: try reader.integer())
        column = try reader.integer()
        namesTargetAttribute = try reader.flag()
    }
}

extension FileLocation {
    func write(to writer: inout CompactBinary.Writer) {
        writer.string(file)
        writer.integer(line)
        writer.integer(column)
    }

    init(from reader: inout CompactBinary.Reader) throws {
        self.init(file: try reader.string(), line: try reader.integer(), column: try reader.integer())
    }
}
