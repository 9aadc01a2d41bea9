import Foundation
import NibModel
import NibParsing
import Synchronization

/// Finds the Swift and Objective-C files under the folders given to `--sources`, reads each with
/// its reader and gathers the declarations into a `SourceIndex`.
public enum SourceScanner {
    /// The extensions read: `.swift` with SwiftSyntax, `.h`, `.m`, `.mm` with the tolerant reader.
    public static let extensions: Set<String> = ["swift", "h", "m", "mm"]

    /// A problem reading the sources (a folder that does not exist).
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, naming the path.
        public let description: String
    }

    /// The source files under `paths` (files are taken as they are), sorted, each with its module.
    public static func files(under paths: [String]) throws -> [SourceFile] { try survey(paths).files }

    /// The source files under `paths` and what the project files found on the way (`.xcodeproj`,
    /// `Package.swift`, CocoaPods' `Pods`, R-SRC-5) say about their modules. `earlier` is what an
    /// earlier survey read of them: taken instead of reading them again when the walk finds the
    /// same project files and `holds` says each of its reads gets the same answer now.
    public static func survey(_ paths: [String], earlier: ProjectModules? = nil, holds: (ProjectRead) -> Bool = { _ in false })
        throws -> SourceSurvey
    {
        var found: [(path: String, guess: String)] = []
        var projects = ProjectFiles()
        let manager = FileManager.default
        for root in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw Failure(description: "\(root): no such file or folder (--sources)")
            }
            let rootURL = URL(fileURLWithPath: root)
            if !isDirectory.boolValue {
                found.append((root, rootURL.deletingLastPathComponent().lastPathComponent))
                projects.lookBeside(rootURL.deletingLastPathComponent())
                continue
            }
            projects.lookBeside(rootURL.deletingLastPathComponent())
            var here: [(path: String, guess: String)] = []
            // The walk every input search uses (links listed, not followed; nibviz's own output
            // folders passed by): Pods and sources are tens of thousands of files.
            FolderWalk.walk(rootURL.path) { relative, name, type in
                if ProjectFiles.mayBeProjectFile(name), projects.note(rootURL.appendingPathComponent(relative)) { return false }
                guard type == .regular else { return type == .directory }
                guard extensions.contains(String(InputClassifier.extensionOf(name))) else { return false }
                let display = root.hasSuffix("/") ? root + relative : root + "/" + relative
                here.append((display, SourceModules.module(relativePath: relative, root: rootURL.lastPathComponent)))
                return false
            }
            found += here.sorted { $0.path < $1.path }
        }
        let projectFiles = projects.sorted
        let kept = earlier.flatMap { $0.found == projectFiles && $0.reads.allSatisfy(holds) ? $0 : nil }
        let modules = kept ?? ProjectModules.read(projectFiles)
        let files = found.map { file in
            let known = modules.modules(of: file.path).sorted()
            return SourceFile(path: file.path, module: known.first ?? file.guess, knownModules: known)
        }
        return SourceSurvey(files: files, modules: modules, modulesKept: kept != nil)
    }

    /// Reads every source file under `paths` into one index, `jobs` files at a time.
    public static func scan(_ paths: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> SourceIndex {
        let survey = try survey(paths)
        return try scan(files: survey.files, modules: survey.modules, jobs: jobs)
    }

    /// Reads the given files (as `files(under:)` lists them) into one index. Files are read and
    /// parsed `jobs` at a time (parsing is most of a scan: a site rebuild reads the sources
    /// again), and added to the index in their order, so the index is the same for any `jobs`.
    public static func scan(files: [SourceFile], modules: ProjectModules = ProjectModules(), jobs: Int = 1) throws -> SourceIndex {
        index(try read(files: files, jobs: jobs), files: files, modules: modules)
    }

    /// Each file's declarations, in `files`' order: the one `earlier` holds for its path (a scan
    /// of the same bytes as the same module, which the caller vouches for), else read and parsed,
    /// `jobs` files at a time.
    public static func read(files: [SourceFile], jobs: Int = 1, earlier: [String: ScannedFile] = [:]) throws -> [ScannedFile] {
        let read = Mutex<[Result<ScannedFile, Failure>?]>(Array(repeating: nil, count: files.count))
        var parsing: [Int] = []
        read.withLock { results in
            for (number, file) in files.enumerated() {
                if let known = earlier[file.path] { results[number] = .success(known) } else { parsing.append(number) }
            }
        }
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, parsing.count))) { [parsing] _ in
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < parsing.count else { return }
                let number = parsing[position]
                let result = readFile(files[number])
                read.withLock { $0[number] = result }
            }
        }
        return try zip(files, read.withLock { $0 }).map { file, result in
            guard let result else { throw Failure(description: "\(file.path): cannot read") }
            return try result.get()
        }
    }

    /// The index of `scanned`, the declarations of `files` in their order.
    public static func index(_ scanned: [ScannedFile], files: [SourceFile], modules: ProjectModules = ProjectModules()) -> SourceIndex {
        var builder = SourceIndexBuilder()
        for (file, result) in zip(files, scanned) {
            var declarations = result.declarations
            if modules.swift2Modules.contains(file.module), file.path.hasSuffix(".swift") {
                for (position, declaration) in declarations.classes.enumerated() {
                    for (index, member) in declaration.members.enumerated() {
                        if let legacy = member.swift2Name { declarations.classes[position].members[index].name = legacy }
                    }
                }
            }
            builder.add(declarations, bytes: result.bytes)
            builder.noteFile(module: file.module, isSwift: file.path.hasSuffix(".swift"))
        }
        var index = builder.build()
        index.projectModules = modules
        index.modules.formUnion(modules.declared)
        return index
    }

    /// One file's declarations (its classes carrying the modules the project files give it)
    /// and its size.
    static func readFile(_ file: SourceFile) -> Result<ScannedFile, Failure> {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(Failure(description: "\(file.path): cannot read"))
        }
        var found = declarations(String(decoding: data, as: UTF8.self), path: file.path, module: file.module)
        for position in found.classes.indices { found.classes[position].knownModules = file.knownModules }
        let digest = data.withUnsafeBytes { StableHash.hex(bytes: $0) }
        return .success(ScannedFile(declarations: found, bytes: data.count, digest: digest))
    }

    /// The declarations of one file's text, by its extension.
    public static func declarations(_ text: String, path: String, module: String) -> SourceFileDeclarations {
        path.hasSuffix(".swift")
            ? SwiftDeclarationReader.read(text, path: path, module: module)
            : ObjCDeclarationReader.read(text, path: path, module: module)
    }
}

/// One source file as a scan read it: its declarations, its size, the digest of its bytes.
public struct ScannedFile: Sendable, Equatable {
    /// What it declares (its classes carrying the modules the project files give it).
    public var declarations: SourceFileDeclarations
    /// Its size in bytes.
    public var bytes: Int
    /// `StableHash.hex(bytes:)` of the bytes read: a cache keyed on a digest taken earlier can
    /// tell whether the file changed in between.
    public var digest: String

    /// Creates a scanned file.
    public init(declarations: SourceFileDeclarations, bytes: Int, digest: String) {
        self.declarations = declarations
        self.bytes = bytes
        self.digest = digest
    }
}

/// One source file to read and the module it belongs to.
public struct SourceFile: Sendable, Hashable {
    /// The path as the walk found it (under the `--sources` folder as given).
    public var path: String
    /// The module the project files decide (the first, sorted), else the folder's guess.
    public var module: String
    /// The modules the project files decide (R-SRC-5); empty when none does.
    public var knownModules: [String]
}

/// The files under the `--sources` folders and what their project files say about modules.
public struct SourceSurvey: Sendable {
    /// The source files, sorted per folder.
    public var files: [SourceFile]
    /// Modules of files and documents from `.xcodeproj`, `Package.swift` and `Pods`.
    public var modules: ProjectModules
    /// Whether `modules` is an earlier survey's, its project files unchanged.
    public var modulesKept = false
}

/// The project files a walk meets.
struct ProjectFiles {
    private var found = ProjectModules.Found()
    private var seen: Set<String> = []

    /// What the walk found, each list sorted (`ProjectModules.read`'s order).
    var sorted: ProjectModules.Found {
        ProjectModules.Found(
            xcodeProjects: found.xcodeProjects.sorted(), packageManifests: found.packageManifests.sorted(),
            podFolders: found.podFolders.sorted())
    }

    /// Whether a file or folder of this name may be a project file (`note` tells).
    static func mayBeProjectFile(_ name: String) -> Bool {
        name.hasSuffix(".xcodeproj") || name == "Pods" || name.hasPrefix("Package")
    }

    /// Notes `url` when it is a project file; true when the walk must not descend into it.
    mutating func note(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        if name.hasSuffix(".xcodeproj") {
            if seen.insert(ProjectModules.key(url.path)).inserted { found.xcodeProjects.append(url.path) }
            return true
        }
        if name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) {
            if seen.insert(ProjectModules.key(url.path)).inserted { found.packageManifests.append(url.path) }
        } else if name == "Pods", ProjectModules.isCocoaPodsFolder(url), seen.insert(ProjectModules.key(url.path)).inserted {
            found.podFolders.append(url.path)
        }
        return false
    }

    /// The project files directly in `folder` (the `.xcodeproj` usually sits beside the sources folder).
    mutating func lookBeside(_ folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".xcodeproj") || name == "Package.swift" {
            _ = note(folder.appendingPathComponent(name))
        }
    }
}

/// A module name guessed from the folder structure when no project file decides it (names
/// classes and groups extensions; never used to report a module problem): a SwiftPM `Sources/<Target>/…` names the target;
/// CocoaPods' `Pods/<Pod>/…` and Carthage's `Carthage/Checkouts/<Name>/…` name the pod or
/// framework; otherwise the first folder under the `--sources` folder (Xcode's default layout:
/// one top folder per target, named like it); a file directly in the folder belongs to the
/// folder's own name.
public enum SourceModules {
    /// The module of `relativePath` (relative to the `--sources` folder named `root`).
    public static func module(relativePath: String, root: String) -> String {
        let parts = relativePath.split(separator: "/").map(String.init)
        let folders = parts.dropLast()
        if let index = folders.lastIndex(of: "Sources"), index + 1 < folders.count { return folders[index + 1] }
        if let index = folders.firstIndex(of: "Pods"), index + 1 < folders.count { return folders[index + 1] }
        if let index = folders.firstIndex(of: "Checkouts"), index + 1 < folders.count { return folders[index + 1] }
        return folders.first ?? root
    }
}
