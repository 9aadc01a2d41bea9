import Foundation

/// What an input file or folder is. Every command asks `InputClassifier`, so `inspect DIR`,
/// `site DIR` and `render-corpus DIR` see the same files.
public enum InputKind: String, Sendable, CaseIterable {
    /// An XML source document: `.xib`, `.storyboard`, `designable.nib` (or a `.nib` bundle holding one).
    case document
    /// A compiled nib: a `.nib` file that is not `designable.nib`, a `.nib` bundle without
    /// `designable.nib`, or a `.storyboardc` folder.
    case compiledNib
    /// A YAML scenario (`.yaml`, `.yml`).
    case scenario
    /// Graphviz source (`.dot`, `.gv`).
    case dot
    /// An app archive (`.ipa` file: a zip holding `Payload/<Name>.app/`), read as the folder it
    /// holds (NibAppArchive).
    case appArchive
}

/// One input found by `InputClassifier.inputs(under:)`.
public struct ClassifiedInput: Hashable, Sendable {
    /// The file (or bundle folder) to read.
    public var url: URL
    /// Its path relative to the folder given (`Views/Card.xib`), `/`-separated.
    public var relativePath: String
    /// What it is.
    public var kind: InputKind
}

/// The one place that decides what a path is, by name and, for folders, by content.
public enum InputClassifier {
    /// The kind of `url`, or nil when it is none of the inputs nibviz reads (a plain folder, a text file).
    public static func kind(of url: URL) -> InputKind? {
        let named = kind(named: url.lastPathComponent)
        // Only a `.nib` and an `.ipa` are told apart on disk: a folder walk asks about every
        // file of a project (Pods, sources, assets), and most have no input's name at all.
        guard named == .compiledNib || named == .appArchive else { return named }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        switch named {
        case .compiledNib? where url.pathExtension.lowercased() == "nib" && exists && isFolder.boolValue:
            // A nib bundle is its source document when it holds `designable.nib`.
            let designable = url.appendingPathComponent("designable.nib").path
            return FileManager.default.fileExists(atPath: designable) ? .document : .compiledNib
        case .appArchive?: return exists && !isFolder.boolValue ? .appArchive : nil
        default: return named
        }
    }

    /// The kind a file name says, before looking at the disk.
    static func kind(named name: String) -> InputKind? {
        switch extensionOf(name).lowercased() {
        case "xib", "storyboard": return .document
        case "yaml", "yml": return .scenario
        case "dot", "gv": return .dot
        case "storyboardc": return .compiledNib
        case "nib": return name.lowercased().hasSuffix("designable.nib") ? .document : .compiledNib
        case "ipa": return .appArchive
        default: return nil
        }
    }

    /// `NSString.pathExtension` of a file name (after its last dot; none for `.hidden` or
    /// `name.`), without bridging: a folder walk asks it of every file of a project.
    public static func extensionOf(_ name: String) -> Substring {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return name[name.utf8.index(after: dot)...]
    }

    /// The input a repository path is part of, decided by name alone (a path in a git revision
    /// names nothing on disk): a file inside a `.storyboardc` folder or a compiled `.nib` bundle
    /// belongs to that folder (`Main.storyboardc/Nav.nib` → `Main.storyboardc`, compiled); a nib
    /// bundle's `designable.nib` is its own document; any other path is itself, of `kind(of:)`'s
    /// kind by name. Nil for paths that are no input.
    public static func input(containing path: String) -> (path: String, kind: InputKind)? {
        let parts = path.split(separator: "/").map(String.init)
        for (index, part) in parts.enumerated().dropLast() {
            let ext = (part as NSString).pathExtension.lowercased()
            let unit = parts[...index].joined(separator: "/")
            if ext == "storyboardc" { return (unit, .compiledNib) }
            if ext == "nib" {
                return parts.last?.lowercased() == "designable.nib" && index == parts.count - 2 ? (path, .document) : (unit, .compiledNib)
            }
        }
        return kind(named: parts.last ?? path).map { (path, $0) }
    }

    /// Every input under `root` (or `root` itself when it is an input), sorted by relative path
    /// so output is deterministic. Hidden files and folders and `.build` are skipped; a `.nib`
    /// bundle or `.storyboardc` folder is one input, never descended into. `relativePath` of
    /// `root` itself is its name.
    public static func inputs(under root: URL) -> [ClassifiedInput] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) else { return [] }
        if !isFolder.boolValue || kind(of: root) != nil {
            return kind(of: root).map { [ClassifiedInput(url: root, relativePath: root.lastPathComponent, kind: $0)] } ?? []
        }
        var found: [ClassifiedInput] = []
        FolderWalk.walk(root.path) { path, name, type in
            if name.hasPrefix(".") { return false }
            // A file or folder with no input's name is passed by without asking the disk (most
            // of a project's files); a plain folder is gone into.
            guard kind(named: name) != nil else { return type == .directory }
            // The walk says whether it is a folder: `appendingPathComponent(_:)` would ask the
            // disk (a `stat` per document, twice, on every walk).
            let url = root.appendingPathComponent(path, isDirectory: type == .directory)
            guard let kind = kind(of: url) else { return type == .directory }
            // Only a compiled nib is a folder (a `.nib` bundle, a `.storyboardc`: one input, not
            // gone into); a folder merely named like a document (`Main.storyboard/`) is a folder.
            if type == .directory && kind != .compiledNib && !name.lowercased().hasSuffix(".nib") { return true }
            found.append(ClassifiedInput(url: url, relativePath: path, kind: kind))
            return false
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    /// Every input under the folder `root` that `site DIR` and `inspect DIR` read — app archives
    /// (`.ipa`) included, which `DocumentLoader` opens — and those they skip, each with its
    /// reason: an input `exclusion` matches (`excluded by GLOB`).
    public static func inputs(under root: URL, exclusion: InputExclusion) -> FolderInputs {
        let (kept, excluded) = exclusion.apply(inputs(under: root))
        var result = FolderInputs(kept: kept, skipped: excluded.map { ($0.input, "excluded by " + $0.pattern) })
        result.skipped.sort { $0.input.relativePath < $1.input.relativePath }
        return result
    }

    /// The Interface Builder documents under `root`, source and compiled, as every command that
    /// takes a folder reads them (`site`, `inspect`, `render-corpus`).
    public static func documents(under root: URL) -> [ClassifiedInput] {
        inputs(under: root).filter { $0.kind == .document || $0.kind == .compiledNib }
    }
}

/// The inputs under a folder that commands read, and those they skip with the reason why
/// (`InputClassifier.inputs(under:exclusion:)`).
public struct FolderInputs: Sendable {
    /// The inputs read, in path order.
    public var kept: [ClassifiedInput] = []
    /// The inputs skipped, in path order, each with its reason (`excluded by Pods`).
    public var skipped: [(input: ClassifiedInput, reason: String)] = []
}

/// `--exclude GLOB` patterns (and a project file's `exclude:`): which inputs under a folder the
/// user left out. `site DIR` and `inspect DIR` both ask it, so they see the same files.
public struct InputExclusion: Sendable, Hashable {
    /// The patterns as given.
    public var patterns: [String]

    /// Creates an exclusion from glob patterns.
    public init(_ patterns: [String]) { self.patterns = patterns.filter { !$0.isEmpty } }

    /// The pattern that excludes `relativePath` (a path under the input folder, `/`-separated),
    /// or nil. A pattern with a `/` is matched against the whole path (`*` crosses folders:
    /// `Pods/*`); one without is matched against each folder and file name (`Pods`, `*.nib`).
    public func pattern(excluding relativePath: String) -> String? {
        guard !patterns.isEmpty else { return nil }
        let components = relativePath.split(separator: "/").map(String.init)
        return patterns.first { pattern in
            if pattern.contains("/") {
                let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
                return fnmatch(trimmed, relativePath, 0) == 0 || fnmatch(trimmed + "/*", relativePath, 0) == 0
            }
            return components.contains { fnmatch(pattern, $0, 0) == 0 }
        }
    }

    /// `inputs` split into those kept and those skipped, each skipped one with the pattern.
    public func apply(_ inputs: [ClassifiedInput]) -> (kept: [ClassifiedInput], skipped: [(input: ClassifiedInput, pattern: String)]) {
        var kept: [ClassifiedInput] = []
        var skipped: [(ClassifiedInput, String)] = []
        for input in inputs {
            if let pattern = pattern(excluding: input.relativePath) { skipped.append((input, pattern)) } else { kept.append(input) }
        }
        return (kept, skipped)
    }
}
