import Foundation

/// Reads an `.xcconfig` file's `KEY = VALUE` lines (following `#include`s relative to it);
/// nil when the file, or a required include, cannot be read.
enum XcconfigReader {
    static func settings(at path: String, depth: Int, disk: ProjectFileReads) -> [String: String]? {
        guard depth < 8, let data = disk.contents(path) else { return nil }
        var result: [String: String] = [:]
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { continue }
                let name = String(line[line.index(after: open)..<close])
                let included = name.hasPrefix("/") ? name : folder.appendingPathComponent(name).path
                if let settings = Self.settings(at: included, depth: depth + 1, disk: disk) {
                    result.merge(settings) { _, new in new }
                } else if !optional {
                    return nil
                }
                continue
            }
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            result[key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }
}

/// Expands `$(NAME)`, `${NAME}` and `$(NAME:c99extidentifier)` from known values; nil when the
/// text names any other variable or operator (the value is then not decidable from the project).
enum BuildSettingExpander {
    static func expand(_ text: String, _ values: [String: String]) -> String? {
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex else { return nil }
            let opening = rest[afterDollar]
            guard opening == "(" || opening == "{", let end = rest[afterDollar...].firstIndex(of: opening == "(" ? ")" : "}") else {
                return nil
            }
            let inside = rest[rest.index(after: afterDollar)..<end]
            let parts = inside.split(separator: ":", maxSplits: 1).map(String.init)
            guard let name = parts.first, let value = values[name] else { return nil }
            if parts.count == 1 {
                result += value
            } else if parts[1] == "c99extidentifier" {
                result += ProjectModules.c99Identifier(value)
            } else {
                return nil
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
