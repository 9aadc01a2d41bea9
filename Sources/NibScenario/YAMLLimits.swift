import NibModel
import NibParsing
import Yams

/// Bounds a composed scenario before anything walks it: aliases share nodes, so a small file
/// can stand for billions of nodes (an alias bomb) and every later walk would expand them.
enum YAMLLimits {
    /// Throws at the node where the expanded tree passes `InputLimits.maxYAMLNodes` nodes or
    /// `InputLimits.maxYAMLDepth` levels. Stops counting there, so the check itself is bounded.
    static func check(_ root: Node, file: String) throws {
        var stack: [(node: Node, depth: Int)] = [(root, 1)]
        var count = 0
        while let (node, depth) = stack.popLast() {
            count += 1
            if count > InputLimits.maxYAMLNodes {
                throw YAMLNode(node: node, file: file).error(
                    "more than \(InputLimits.maxYAMLNodes) YAML values once aliases (*name) are expanded (the limit)")
            }
            switch node {
            case .scalar, .alias: continue
            case .sequence(let sequence):
                try checkDepth(depth, node, file)
                for item in sequence.reversed() { stack.append((item, depth + 1)) }
            case .mapping(let mapping):
                try checkDepth(depth, node, file)
                for (key, value) in mapping.reversed() {
                    stack.append((value, depth + 1))
                    stack.append((key, depth + 1))
                }
            }
        }
    }

    private static func checkDepth(_ depth: Int, _ node: Node, _ file: String) throws {
        guard depth > InputLimits.maxYAMLDepth else { return }
        throw YAMLNode(node: node, file: file).error(
            "lists and mappings nested more than \(InputLimits.maxYAMLDepth) levels deep (the limit)")
    }

    /// Where the second occurrence of a duplicated key is. Yams gives the first occurrence's
    /// mark; the line that repeats the key (same indentation, further down) is the one to fix.
    static func duplicateKeyLocation(_ key: String, first mark: Mark, in yaml: String, file: String) -> FileLocation {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index + 1 > mark.line {
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            let indent = line.count - trimmed.count
            let keyed = [key + ":", "\"" + key + "\":", "'" + key + "':"].contains { trimmed.hasPrefix($0) }
            if keyed, indent + 1 == mark.column { return FileLocation(file: file, line: index + 1, column: indent + 1) }
        }
        return FileLocation(file: file, line: mark.line, column: mark.column)
    }
}
