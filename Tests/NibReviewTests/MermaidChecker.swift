import Foundation

/// A strict checker for the Mermaid flowchart subset nibviz writes, following Mermaid's
/// flowchart grammar (flow.jison): a `flowchart DIR` header; nodes `id["…"]` and `id(("…"))`;
/// edges `a --> b`, `a --- b`, `a -.-> b`, `a ==> b` with an optional `|"…"|` label; `linkStyle`,
/// `classDef` and `class` statements. Quoted text may hold no `"`, no backtick (Markdown
/// strings), no line break, `#` only as an entity (`#35;`, `#quot;`) and `<…>` only as the
/// tags `<b>`, `</b>`, `<br/>`. Ids are identifiers that are not keywords. GitHub's limits
/// (50,000 characters, 500 edges) hold. Returns the problems, empty when the text is valid.
enum MermaidChecker {
    static let keywords: Set<String> = [
        "end", "graph", "flowchart", "subgraph", "class", "classDef", "style", "linkStyle", "click", "direction", "call", "href",
    ]

    static func problems(_ text: String) -> [String] {
        var problems: [String] = []
        if text.count > 50_000 { problems.append("longer than GitHub's 50,000 characters") }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first, ["flowchart LR", "flowchart TB", "flowchart TD", "flowchart RL", "flowchart BT"].contains(header)
        else { return ["line 1: expected `flowchart LR|TB|TD|RL|BT`"] }
        var nodes = Set<String>()
        var classes = Set<String>()
        var edges = 0
        var pendingClassUses: [(Int, [String], String)] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let number = index + 1
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else {
                problems.append("line \(number): statements are indented by two spaces")
                continue
            }
            let body = String(line.dropFirst(2))
            if body.hasPrefix("linkStyle ") {
                let parts = body.split(separator: " ")
                guard parts.count == 3, let n = Int(parts[1]), n >= 0, n < edges, styleList(String(parts[2])) else {
                    problems.append("line \(number): bad linkStyle `\(body)`")
                    continue
                }
            } else if body.hasPrefix("classDef ") {
                let parts = body.split(separator: " ")
                guard parts.count == 3, isIdentifier(String(parts[1])), styleList(String(parts[2])) else {
                    problems.append("line \(number): bad classDef `\(body)`")
                    continue
                }
                classes.insert(String(parts[1]))
            } else if body.hasPrefix("class ") {
                let parts = body.split(separator: " ")
                guard parts.count == 3 else {
                    problems.append("line \(number): bad class statement")
                    continue
                }
                pendingClassUses.append((number, parts[1].split(separator: ",").map(String.init), String(parts[2])))
            } else if let problem = statement(body, nodes: &nodes, edges: &edges) {
                problems.append("line \(number): \(problem)")
            }
        }
        for (number, ids, name) in pendingClassUses {
            if !classes.contains(name) { problems.append("line \(number): class `\(name)` has no classDef") }
            for id in ids where !nodes.contains(id) { problems.append("line \(number): class names unknown node `\(id)`") }
        }
        if edges > 500 { problems.append("more than GitHub's 500 edges") }
        return problems
    }

    /// A node or edge statement; nil when valid.
    private static func statement(_ body: String, nodes: inout Set<String>, edges: inout Int) -> String? {
        let idEnd = body.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? body.endIndex
        let id = String(body[..<idEnd])
        guard isIdentifier(id) else { return "expected an identifier at `\(body.prefix(20))`" }
        let rest = String(body[idEnd...])
        for (open, close) in [("[\"", "\"]"), ("((\"", "\"))")] where rest.hasPrefix(open) {
            guard rest.hasSuffix(close), rest.count >= open.count + close.count else { return "unterminated node label" }
            let label = String(rest.dropFirst(open.count).dropLast(close.count))
            if let problem = labelProblem(label) { return problem }
            if nodes.contains(id) { return "node `\(id)` declared twice" }
            nodes.insert(id)
            return nil
        }
        guard nodes.contains(id) else { return "edge from undeclared node `\(id)`" }
        guard rest.hasPrefix(" ") else { return "expected a node shape or an edge after `\(id)`" }
        var tail = String(rest.dropFirst())
        guard let arrow = ["-.->", "-->", "---", "==>"].first(where: { tail.hasPrefix($0) }) else { return "unknown arrow in `\(body)`" }
        tail = String(tail.dropFirst(arrow.count))
        if tail.hasPrefix("|\"") {
            guard let end = tail.range(of: "\"| ") else { return "unterminated edge label" }
            let label = String(tail[tail.index(tail.startIndex, offsetBy: 2)..<end.lowerBound])
            if let problem = labelProblem(label) { return problem }
            tail = String(tail[end.upperBound...])
        } else {
            guard tail.hasPrefix(" ") else { return "expected a space after the arrow" }
            tail = String(tail.dropFirst())
        }
        guard isIdentifier(tail), nodes.contains(tail) else { return "edge to undeclared node `\(tail)`" }
        edges += 1
        return nil
    }

    private static func labelProblem(_ label: String) -> String? {
        if label.contains("\"") { return "quote inside a label" }
        if label.contains("`") { return "backtick inside a label (Markdown string)" }
        if label.contains(where: { $0.isNewline }) { return "line break inside a label" }
        var rest = Substring(label)
        while let hash = rest.firstIndex(of: "#") {
            let after = rest[rest.index(after: hash)...]
            guard let semicolon = after.firstIndex(of: ";") else { return "`#` not starting an entity" }
            let code = after[..<semicolon]
            let ok = !code.isEmpty && (code.allSatisfy(\.isNumber) || code.allSatisfy { $0.isLetter && $0.isASCII })
            if !ok { return "bad entity `#\(code);`" }
            rest = after[after.index(after: semicolon)...]
        }
        var html = label
        for tag in ["<b>", "</b>", "<br/>"] { html = html.replacingOccurrences(of: tag, with: "") }
        if html.contains("<") || html.contains(">") { return "HTML other than <b> and <br/> inside a label" }
        if label.contains(";") && !label.contains("#") { return "`;` outside an entity" }
        return nil
    }

    private static func styleList(_ text: String) -> Bool {
        text.split(separator: ",").allSatisfy { pair in
            let parts = pair.split(separator: ":")
            guard parts.count == 2 else { return false }
            let value = parts[1]
            let hex = value.hasPrefix("#") && value.count == 7 && value.dropFirst().allSatisfy(\.isHexDigit)
            let px = value.hasSuffix("px") && value.dropLast(2).allSatisfy(\.isNumber)
            return ["fill", "stroke", "color", "stroke-width"].contains(String(parts[0])) && (hex || px)
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter, first.isASCII else { return false }
        return text.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII } && !keywords.contains(text)
    }
}
