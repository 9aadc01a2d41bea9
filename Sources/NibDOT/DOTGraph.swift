/// A DOT graph as a value: statements in document order, attributes unordered (the encoder
/// sorts them), so the same value always encodes to the same bytes.
public struct DOTGraph: Hashable, Sendable {
    /// The graph's name (written quoted).
    public var name: String
    /// `digraph` when true, `graph` otherwise.
    public var directed: Bool
    /// Graph attributes (`rankdir`, `bgcolor`, …).
    public var attributes: DOTAttributes
    /// Default attributes of every node (`node [...]`).
    public var nodeDefaults: DOTAttributes
    /// Default attributes of every edge (`edge [...]`).
    public var edgeDefaults: DOTAttributes
    /// Nodes, edges and subgraphs in document order.
    public var statements: [DOTStatement]

    /// Creates a graph.
    public init(
        name: String, directed: Bool = true, attributes: DOTAttributes = [:], nodeDefaults: DOTAttributes = [:],
        edgeDefaults: DOTAttributes = [:], statements: [DOTStatement] = []
    ) {
        self.name = name
        self.directed = directed
        self.attributes = attributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.statements = statements
    }

    /// Appends a statement.
    public mutating func append(_ statement: DOTStatement) { statements.append(statement) }
}

/// One statement of a graph or subgraph body.
public enum DOTStatement: Hashable, Sendable {
    /// `"id" [attrs]`.
    case node(DOTNode)
    /// `"a" -> "b" [attrs]`.
    case edge(DOTEdge)
    /// `subgraph "name" { ... }`; a name starting `cluster` draws a box.
    case subgraph(DOTSubgraph)
}

/// A node statement.
public struct DOTNode: Hashable, Sendable {
    /// The node name (quoted on output).
    public var id: String
    /// The node's attributes.
    public var attributes: DOTAttributes

    /// Creates a node.
    public init(_ id: String, _ attributes: DOTAttributes = [:]) {
        self.id = id
        self.attributes = attributes
    }
}

/// An edge statement between two node names.
public struct DOTEdge: Hashable, Sendable {
    /// Tail node name.
    public var from: String
    /// Head node name.
    public var to: String
    /// The edge's attributes.
    public var attributes: DOTAttributes

    /// Creates an edge.
    public init(_ from: String, _ to: String, _ attributes: DOTAttributes = [:]) {
        self.from = from
        self.to = to
        self.attributes = attributes
    }
}

/// A subgraph or cluster with its own graph attributes and body.
public struct DOTSubgraph: Hashable, Sendable {
    /// The subgraph name; `cluster…` names draw a box.
    public var name: String
    /// Graph attributes of the subgraph (`label`, `style`, `rank`, …).
    public var attributes: DOTAttributes
    /// Body statements in document order.
    public var statements: [DOTStatement]

    /// Creates a subgraph.
    public init(_ name: String, _ attributes: DOTAttributes = [:], statements: [DOTStatement] = []) {
        self.name = name
        self.attributes = attributes
        self.statements = statements
    }

    /// Appends a statement.
    public mutating func append(_ statement: DOTStatement) { statements.append(statement) }
}

/// An attribute value and how it must be escaped.
public enum DOTValue: Hashable, Sendable, ExpressibleByStringLiteral {
    /// A text string, quoted and escaped for labels (`\N`, `&` and quotes made literal).
    case text(String)
    /// A tooltip: Graphviz 2.43 expands its escapes twice, so it needs its own escaping.
    case tooltip(String)
    /// A URL (`href`, `URL`), quoted without entity escaping.
    case url(String)
    /// An HTML-like label body, already built from `DOTEscaping.html` pieces; written in `<…>`.
    case html(String)

    /// A text value.
    public init(stringLiteral value: String) { self = .text(value) }
}

/// Attributes by name, kept sorted by name (the order the encoder writes them in): a node has
/// a handful, and a short sorted list is filled and written several times faster than a hashed
/// dictionary that is sorted again for every statement. Setting a name again replaces its value.
public struct DOTAttributes: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One attribute.
    public struct Entry: Hashable, Sendable {
        /// The attribute's name.
        public var key: String
        /// Its value.
        public var value: DOTValue
    }

    /// The attributes, sorted by name, each name once.
    public private(set) var entries: [Entry] = []

    /// No attributes.
    public init() {}

    /// The literal's attributes; a name given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, DOTValue)...) {
        entries.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    /// The value of `key`; setting nil removes it.
    public subscript(key: String) -> DOTValue? {
        get {
            let index = insertionIndex(of: key)
            return index < entries.count && entries[index].key == key ? entries[index].value : nil
        }
        set {
            let index = insertionIndex(of: key)
            let present = index < entries.count && entries[index].key == key
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert(Entry(key: key, value: value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { entries.isEmpty }

    /// (name, value) in name order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: DOTValue)> {
        entries.lazy.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Where `key` is or would go: the first entry whose name is not below it (a linear scan: a
    /// statement has a handful of attributes).
    private func insertionIndex(of key: String) -> Int {
        // Most names are set in order (`class` and the colours, then `label`, then `tooltip`):
        // one comparison with the last finds their place.
        guard let last = entries.indices.last, key > entries[last].key else { return scan(for: key) }
        return entries.count
    }

    /// `insertionIndex` by a scan from the first entry.
    private func scan(for key: String) -> Int {
        var index = 0
        while index < entries.count, entries[index].key < key { index += 1 }
        return index
    }
}
