import Foundation

/// One input format: a folder of seeds under `Tests/Fuzz/seeds/<folder>/`, the file extension
/// a mutated case is written with, and the nibviz commands run on it (`@in` is the input,
/// `@out` a path inside the case's output folder).
///
/// Adding a format (say compiled nibs) is a seed folder plus one entry in `known`; a seed
/// folder not listed here is still fuzzed, with its own name as the extension and the
/// commands every IB document gets (`defaultCommands`).
struct FuzzFormat {
    let folder: String
    let fileExtension: String
    let tokens: [[UInt8]]
    let commands: [[String]]
    /// Rejections must carry `:line` (document parsers do; Graphviz layout failures do not).
    let requiresLocation: Bool

    static let documentCommands: [[String]] = [
        ["inspect", "@in"], ["inspect", "@in", "--format", "json"], ["render", "@in", "-T", "dot"],
        ["render", "@in", "-T", "svg", "-o", "@out/graph.svg"], ["render", "@in", "--diagram", "flow", "-T", "svg", "-o", "@out/flow.svg"],
        ["render", "@in", "--diagram", "instantiation", "-T", "dot"], ["simulate", "@in"], ["textconv", "@in"], ["diff", "@seed", "@in"],
    ]

    static let defaultCommands = documentCommands

    static let known: [String: FuzzFormat] = [
        "xib": FuzzFormat(
            folder: "xib", fileExtension: "xib", tokens: Mutator.xmlTokens, commands: documentCommands, requiresLocation: true),
        "storyboard": FuzzFormat(
            folder: "storyboard", fileExtension: "storyboard", tokens: Mutator.xmlTokens, commands: documentCommands, requiresLocation: true
        ),
        "archive": FuzzFormat(
            folder: "archive", fileExtension: "xib", tokens: Mutator.xmlTokens, commands: documentCommands, requiresLocation: true),
        // Compiled nibs (#16): rejections name a byte offset (`FILE: byte N: …`).
        "nibarchive": FuzzFormat(
            folder: "nibarchive", fileExtension: "nib", tokens: Mutator.compiledTokens, commands: documentCommands, requiresLocation: true),
        "keyedarchive": FuzzFormat(
            folder: "keyedarchive", fileExtension: "nib", tokens: Mutator.compiledTokens, commands: documentCommands,
            requiresLocation: true),
        // Keyed archives saved as XML property lists: rejections name a line (`FILE:LINE: …`).
        "xmlkeyedarchive": FuzzFormat(
            folder: "xmlkeyedarchive", fileExtension: "nib", tokens: Mutator.xmlTokens + Mutator.plistTokens, commands: documentCommands,
            requiresLocation: true),
        // App archives (#16): zips read as a folder; errors name the archive (`FILE.ipa: byte N: …`
        // for the zip, `FILE.ipa: N of M files could not be read` for a nib inside).
        "ipa": FuzzFormat(
            folder: "ipa", fileExtension: "ipa", tokens: Mutator.zipTokens,
            commands: [["inspect", "@in"], ["inspect", "@in", "--format", "json"]], requiresLocation: false),
        "yaml": FuzzFormat(
            folder: "yaml", fileExtension: "yaml", tokens: Mutator.yamlTokens,
            commands: [
                ["simulate", "@in"], ["simulate", "@in", "--format", "json"], ["render", "@in", "--diagram", "timeline", "-T", "dot"],
                ["render", "@in", "--diagram", "lifecycle", "-T", "svg", "-o", "@out/lifecycle.svg"],
                ["render", "@in", "--diagram", "instantiation", "-T", "svg", "-o", "@out/instantiation.svg"],
            ], requiresLocation: true),
        "dot": FuzzFormat(
            folder: "dot", fileExtension: "dot", tokens: Mutator.dotTokens,
            commands: [
                ["render", "@in", "-T", "svg", "-o", "@out/out.svg"], ["render", "@in", "-T", "dot"],
                ["render", "@in", "-T", "png", "-o", "@out/out.png"],
                ["render", "@in", "-K", "neato", "-T", "svg"],
            ], requiresLocation: false),
    ]

    /// Every seed folder under `root`, with its seeds (sorted, so runs are reproducible).
    static func load(from root: URL) throws -> [(format: FuzzFormat, seeds: [(name: String, bytes: [UInt8])])] {
        let manager = FileManager.default
        let folders = try manager.contentsOfDirectory(atPath: root.path).sorted()
        var result: [(FuzzFormat, [(String, [UInt8])])] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let names = try manager.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
            let seeds = try names.map { ($0, [UInt8](try Data(contentsOf: url.appendingPathComponent($0)))) }
            guard !seeds.isEmpty else { continue }
            let format =
                known[folder]
                ?? FuzzFormat(
                    folder: folder, fileExtension: folder, tokens: Mutator.xmlTokens, commands: defaultCommands, requiresLocation: true)
            result.append((format, seeds))
        }
        return result
    }
}
