#if canImport(Glibc)
    import Glibc
#endif

/// The places nibviz refuses to write whatever the flags: `/`, the home folder, a git work
/// tree's root or its `.git`, and anything that is or holds an input.
public enum OutputGuard {
    /// Throws `OutputError(.refused)` when `target` (as the user typed it) must not be written.
    /// `inputs` are every file or folder the command reads; `environment` supplies `HOME`.
    public static func check(
        _ target: String, inputs: [String], environment: [String: String], currentDirectory: String = OutputPath.currentDirectory
    ) throws {
        let path = OutputPath.canonical(target, base: currentDirectory)
        if let why = reason(path, inputs: inputs, environment: environment, currentDirectory: currentDirectory) {
            throw OutputError(target, .refused(why))
        }
    }

    static func reason(_ path: String, inputs: [String], environment: [String: String], currentDirectory: String) -> String? {
        if path == "/" { return "it is the root folder" }
        if let home = environment["HOME"], !home.isEmpty {
            let home = OutputPath.canonical(home, base: currentDirectory)
            if home != "/", OutputPath.contains(path, home) {
                return path == home ? "it is your home folder" : "it holds your home folder (\(home))"
            }
        }
        let insideDotGit = OutputPath.components(path).contains { OutputPath.same($0, ".git") }
        if insideDotGit { return "it is inside a git repository's .git folder" }
        if POSIXFile.kind(path + "/.git") != .missing { return "it is the root of a git work tree" }
        var trees: [String] = []
        for start in [currentDirectory] + inputs {
            if let tree = OutputPath.gitWorkTree(containing: OutputPath.absolute(start, base: currentDirectory)), !trees.contains(tree) {
                trees.append(tree)
            }
        }
        for tree in trees where OutputPath.contains(path, tree) {
            return "it holds the git work tree \(tree)"
        }
        for input in inputs {
            let resolved = OutputPath.canonical(input, base: currentDirectory)
            if OutputPath.contains(path, resolved) {
                return path == resolved ? "it is the input \(input)" : "it holds the input \(input)"
            }
        }
        return nil
    }
}
