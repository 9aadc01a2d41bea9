import Foundation
import NibRules

/// One rule of the specification with its full text.
public struct RuleEntry: Hashable, Sendable {
    /// `R-OUT-1`.
    public var id: String
    /// The SPEC section heading it belongs to (`3. Outlets (R-OUT)`).
    public var section: String
    /// The rule's Markdown as SPEC writes it, without the leading `- **R-…**` and dedented.
    public var markdown: String
}

/// The rule catalog: every `- **R-…**` bullet of SPEC.md, in SPEC order, with its full text.
/// `site/data/rules.md` is the catalog the site reads; it holds exactly SPEC's rule bullets under
/// SPEC's section headings, then one section of the project's own rules (simulator behaviour
/// SPEC does not cover), so `parse` reads both files the same way and a test fails when they
/// disagree, or when `Rule.all` names a rule the catalog lacks.
public enum RuleCatalog {
    /// The catalog's files under `site/data/`: SPEC's rules, then nibviz's own.
    public static let files = ["rules.md", "rules-nibviz.md"]

    /// The rules of a SPEC-format Markdown text: a rule starts at a top-level `- **R-X-n**`
    /// bullet and runs over its indented continuation lines; sections are `## ` headings.
    public static func parse(_ markdown: String) -> [RuleEntry] {
        var rules: [RuleEntry] = []
        var section = ""
        var current: (id: String, lines: [String])?
        var blankLines = 0
        func finish() {
            if let open = current { rules.append(RuleEntry(id: open.id, section: section, markdown: open.lines.joined(separator: "\n"))) }
            current = nil
            blankLines = 0
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("## ") {
                finish()
                section = String(line.dropFirst(3))
                continue
            }
            if let id = ruleID(opening: line) {
                finish()
                let body = line.dropFirst("- **\(id)**".count).drop { $0 == " " }
                current = (id, [String(body)])
                continue
            }
            let blank = trimmingSpaces(raw).isEmpty
            if current != nil, blank {
                // A blank line stays inside the rule when indented text follows (a table).
                blankLines += 1
                continue
            }
            if current != nil, line.hasPrefix("  ") {
                current?.lines += Array(repeating: "", count: blankLines) + [String(line.dropFirst(2))]
                blankLines = 0
                continue
            }
            blankLines = 0
            finish()
        }
        finish()
        return rules
    }

    /// The catalog file for `rules`: SPEC's section headings and rule bullets, nothing else.
    public static func markdown(_ rules: [RuleEntry]) -> String {
        var out = "<!-- The rules of SPEC.md, verbatim: regenerate with NIBVIZ_UPDATE_GOLDEN=1 swift test --filter RuleCatalog -->\n"
        var section: String?
        for rule in rules {
            if rule.section != section {
                section = rule.section
                out += "\n## \(rule.section)\n"
            }
            let lines = rule.markdown.split(separator: "\n", omittingEmptySubsequences: false)
            out += "\n- **\(rule.id)** " + (lines.first.map(String.init) ?? "") + "\n"
            for line in lines.dropFirst() { out += "  " + line + "\n" }
        }
        return out
    }

    /// A rule's Markdown with soft-wrapped lines joined, so inline code and emphasis that wrap
    /// across a line end stay whole (Ink reads each source line on its own). List items, table
    /// rows and blank lines keep their own lines.
    ///
    /// Whether the last line takes a continuation is known when it is started (joining text
    /// to it changes neither its start nor its being blank), and lines are trimmed by their
    /// scalars: trimming the growing paragraph with Foundation again at every line was a third
    /// of planning the rules page.
    public static func unwrapped(_ markdown: String) -> String {
        var lines: [String] = []
        var lastTakesText = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = trimmingSpaces(line)
            let startsBlock = trimmed.isEmpty || trimmed.hasPrefix("- ") || trimmed.hasPrefix("|") || trimmed.first?.isNumber == true
            if lastTakesText, !startsBlock {
                lines[lines.count - 1] += " " + trimmed
            } else {
                lines.append(String(line))
                lastTakesText = !trimmed.isEmpty && !trimmed.hasPrefix("|")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `line` without the spaces and tabs at its ends (`CharacterSet.whitespaces`: tab and the
    /// Unicode space separators).
    static func trimmingSpaces(_ line: Substring) -> Substring {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = line.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return line[line.endIndex...]
        }
        return Substring(scalars[first...last])
    }

    /// `R-ABC-12` when `line` opens a rule bullet.
    static func ruleID(opening line: String) -> String? {
        guard line.hasPrefix("- **R-"), let close = line.dropFirst(4).range(of: "**") else { return nil }
        let id = String(line[line.index(line.startIndex, offsetBy: 4)..<close.lowerBound])
        let parts = id.split(separator: "-")
        guard parts.count == 3, parts[1].allSatisfy({ $0.isUppercase }), Int(parts[2]) != nil else { return nil }
        return id
    }
}
