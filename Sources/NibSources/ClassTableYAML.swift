import NibModel

/// Writes a class table as the `classes:` section of a scenario (site/pages/reference/
/// scenario-format.md), which `ScenarioParser` reads back unchanged. Sorted, so the same sources
/// give the same bytes.
public enum ClassTableYAML {
    /// The `classes:` YAML of `table`; `header` lines are written as comments first.
    public static func write(_ table: [String: ClassInfo], header: [String] = []) -> String {
        var out = header.map { "# " + oneLine($0) + "\n" }.joined()
        out += table.isEmpty ? "classes: {}\n" : "classes:\n"
        for name in table.keys.sorted() {
            guard let info = table[name] else { continue }
            out += "  \(scalar(name)):"
            if let source = info.source { out += "  # \(oneLine(source.description))" }
            out += "\n"
            if let superclass = info.superclass { out += "    superclass: \(scalar(superclass))\n" }
            if !info.isUser { out += "    user: false\n" }
            if let module = info.swiftModule { out += "    swiftModule: \(scalar(module))\n" }
            if !info.keys.isEmpty { out += "    keys: \(list(info.keys))\n" }
            if !info.ivars.isEmpty { out += "    ivars: \(list(info.ivars))\n" }
            if !info.actions.isEmpty { out += "    actions: \(list(info.actions))\n" }
            if let overrides = info.overrides { out += "    overrides: \(list(overrides))\n" }
            if !info.behaviour.withoutSuper.isEmpty {
                out += "    behaviour: { withoutSuper: \(list(info.behaviour.withoutSuper)) }\n"
            }
        }
        return out
    }

    static func list(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }

    /// A plain scalar when it is an identifier, else a double-quoted one with escapes.
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty && text.first.map { $0.isLetter || $0 == "_" } == true
            && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" || $0 == "." }
            && !["true", "false", "yes", "no", "null", "on", "off", "y", "n"].contains(text.lowercased())
        if plain { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\x%02X", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    static func oneLine(_ text: String) -> String { text.map { $0.isNewline ? " " : $0 }.reduce(into: "") { $0.append($1) } }
}
