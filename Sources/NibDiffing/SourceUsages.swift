import Foundation

/// A line of source code that uses a name from a nib.
public struct SourceUsage: Hashable, Sendable, Comparable {
    /// The file path as given under the source folder.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// The line, trimmed and shortened.
    public var text: String

    /// Creates a usage.
    public init(file: String, line: Int, text: String) {
        self.file = file
        self.line = line
        self.text = text
    }

    public static func < (a: SourceUsage, b: SourceUsage) -> Bool { (a.file, a.line) < (b.file, b.line) }
}

/// A simple usage scan of Swift and Objective-C sources: string literals (segue, storyboard
/// and reuse identifiers, `performSegue(withIdentifier:)`, `instantiateViewController(withIdentifier:)`,
/// `dequeueReusableCell(withIdentifier:)` and their Objective-C forms), outlet properties,
/// `#selector`/`@selector` and action methods, class names in casts and declarations.
///
/// Line-based on purpose: it finds candidates for a reviewer to look at, not a type-checked
/// answer. It should later share the `sources` reader (class tables from SwiftSyntax).
public struct SourceUsages: Sendable {
    private struct Line: Sendable {
        var file: String
        var number: Int
        var text: String
    }

    private let lines: [Line]

    /// Reads every `.swift`, `.m`, `.mm` and `.h` file under `folders` (sorted, so the result is
    /// deterministic); unreadable files are skipped.
    public init(folders: [String]) {
        var lines: [Line] = []
        let manager = FileManager.default
        for folder in folders {
            var files: [String] = []
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
                files = [folder]
            } else if let walker = manager.enumerator(atPath: folder) {
                // Paths as the user gave the folder, so reports say `App/Sources/X.swift:12`.
                for case let path as String in walker where Self.isSource(path) {
                    files.append((folder as NSString).appendingPathComponent(path))
                }
            }
            for file in files.sorted() {
                guard let data = manager.contents(atPath: file) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    lines.append(Line(file: file, number: index + 1, text: String(line)))
                }
            }
        }
        self.lines = lines
    }

    static func isSource(_ path: String) -> Bool {
        [".swift", ".m", ".mm", ".h"].contains { path.hasSuffix($0) }
    }

    /// The lines that use `name` the way `kind` is used in code.
    func uses(of name: String, kind: Risk.Kind) -> [SourceUsage] {
        let patterns: [String]
        switch kind {
        case .segueIdentifier, .storyboardIdentifier, .reuseIdentifier:
            patterns = ["\"\(name)\""]
        case .outlet:
            patterns = ["IBOutlet"]
        case .action:
            let base = name.split(separator: ":").first.map(String.init) ?? name
            patterns = ["#selector(\(base)", "@selector(\(name))", "func \(base)(", "(IBAction)\(base)"]
        case .customClass:
            patterns = ["as! \(name)", "as? \(name)", "class \(name)", "@interface \(name)", "(\(name) *)", "\(name).self"]
        }
        return lines.compactMap { line in
            let matches: Bool
            if kind == .outlet {
                // The declaration, and member accesses (`self.title`, `view.title`).
                matches =
                    (line.text.contains("IBOutlet") && Self.containsWord(name, in: line.text))
                    || Self.containsWord(name, in: line.text, after: ".")
            } else {
                matches = patterns.contains { line.text.contains($0) }
            }
            guard matches else { return nil }
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            return SourceUsage(file: line.file, line: line.number, text: String(trimmed.prefix(120)))
        }
    }

    /// Whether `word` occurs as a whole identifier, optionally right after `prefix`.
    private static func containsWord(_ word: String, in text: String, after prefix: Character? = nil) -> Bool {
        var search = text[...]
        while let range = search.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            let isPart = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            let prefixOK = prefix.map { $0 == before } ?? !isPart(before)
            if prefixOK && !isPart(after) { return true }
            search = text[range.upperBound...]
        }
        return false
    }
}
