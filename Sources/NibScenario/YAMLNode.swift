import NibModel
import NibParsing
import Yams

/// A Yams node with its file, for `FILE:LINE:COL` errors that list what is allowed.
struct YAMLNode {
    let node: Node
    let file: String

    /// Where the node starts.
    var location: FileLocation {
        FileLocation(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
    }

    /// An error at this node.
    func error(_ message: String) -> LocatedError { LocatedError(at: location, message) }

    /// The node as text; fails for mappings and sequences.
    func string(_ what: String) throws -> String {
        guard case .scalar(let scalar) = node else { throw error("\(what) must be a single value") }
        return scalar.string
    }

    /// True when the node is `null` / `~` / empty.
    var isNull: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return ["", "~", "null", "nil"].contains(scalar.string) && scalar.style == .plain
    }

    /// A boolean (`true`/`false`, `yes`/`no`).
    func bool(_ what: String) throws -> Bool {
        switch try string(what).lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        case let other: throw error("bad value '\(other)' for \(what); allowed: true, false")
        }
    }

    /// A non-negative integer.
    func int(_ what: String) throws -> Int {
        let text = try string(what)
        guard let value = Int(text), value >= 0 else { throw error("bad value '\(text)' for \(what); allowed: a whole number ≥ 0") }
        return value
    }

    /// One of `allowed` (exact spelling).
    func choice(_ what: String, _ allowed: [String]) throws -> String {
        let text = try string(what)
        guard allowed.contains(text) else { throw error("bad value '\(text)' for \(what); allowed: \(allowed.joined(separator: ", "))") }
        return text
    }

    /// A list of strings (a sequence of scalars, or one scalar).
    func strings(_ what: String) throws -> [String] {
        switch node {
        case .sequence(let sequence): return try sequence.map { try YAMLNode(node: $0, file: file).string("an item of \(what)") }
        case .scalar: return isNull ? [] : [try string(what)]
        default: throw error("\(what) must be a list of values")
        }
    }

    /// The items of a sequence.
    func items(_ what: String) throws -> [YAMLNode] {
        if isNull { return [] }
        guard case .sequence(let sequence) = node else { throw error("\(what) must be a list") }
        return sequence.map { YAMLNode(node: $0, file: file) }
    }

    /// The entries of a mapping, in order, rejecting keys not in `allowed` and missing `required` keys.
    func fields(_ what: String, allowed: [String]? = nil, required: [String] = []) throws -> Fields {
        if isNull, required.isEmpty { return Fields(entries: [], owner: self) }
        guard case .mapping(let mapping) = node else { throw error("\(what) must be a mapping of keys to values") }
        var entries: [(String, YAMLNode, YAMLNode)] = []
        for (key, value) in mapping {
            let keyNode = YAMLNode(node: key, file: file)
            let name = try keyNode.string("a key of \(what)")
            if let allowed, !allowed.contains(name) {
                throw keyNode.error("unknown key '\(name)' in \(what); allowed: \(allowed.joined(separator: ", "))")
            }
            entries.append((name, keyNode, YAMLNode(node: value, file: file)))
        }
        for key in required where !entries.contains(where: { $0.0 == key }) {
            throw error("\(what) needs '\(key)'")
        }
        return Fields(entries: entries, owner: self)
    }

    /// A mapping's entries with lookup by key.
    struct Fields {
        let entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)]
        let owner: YAMLNode

        subscript(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }

        /// A string field, or nil when absent or null.
        func string(_ key: String) throws -> String? {
            guard let node = self[key], !node.isNull else { return nil }
            return try node.string("'\(key)'")
        }

        /// A required string field.
        func required(_ key: String, in what: String) throws -> String {
            guard let value = try string(key) else { throw owner.error("\(what) needs '\(key)'") }
            return value
        }
    }
}
