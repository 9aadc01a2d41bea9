import Foundation
import NibModel

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
    public static func files(under paths: [String]) throws -> [(path: String, module: String)] {
        var found: [(path: String, module: String)] = []
        let manager = FileManager.default
        for root in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw Failure(description: "\(root): no such file or folder (--sources)")
            }
            let rootURL = URL(fileURLWithPath: root)
            if !isDirectory.boolValue {
                found.append((root, rootURL.deletingLastPathComponent().lastPathComponent))
                continue
            }
            guard let walker = manager.enumerator(at: rootURL, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey]) else {
                continue
            }
            var here: [(path: String, module: String)] = []
            let prefix = rootURL.standardizedFileURL.path
            for case let url as URL in walker where extensions.contains(url.pathExtension) {
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
                guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
                let full = url.standardizedFileURL.path
                let relative = full.hasPrefix(prefix + "/") ? String(full.dropFirst(prefix.count + 1)) : url.lastPathComponent
                let display = root.hasSuffix("/") ? root + relative : root + "/" + relative
                here.append((display, SourceModules.module(relativePath: relative, root: rootURL.lastPathComponent)))
            }
            found += here.sorted { $0.path < $1.path }
        }
        return found
    }

    /// Reads every source file under `paths` into one index.
    public static func scan(_ paths: [String]) throws -> SourceIndex {
        try scan(files: try files(under: paths))
    }

    /// Reads the given files (as `files(under:)` lists them) into one index.
    public static func scan(files: [(path: String, module: String)]) throws -> SourceIndex {
        var builder = SourceIndexBuilder()
        for (path, module) in files {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Failure(description: "\(path): cannot read")
            }
            builder.add(declarations(String(decoding: data, as: UTF8.self), path: path, module: module), bytes: data.count)
            builder.noteFile(module: module, isSwift: path.hasSuffix(".swift"))
        }
        return builder.build()
    }

    /// The declarations of one file's text, by its extension.
    public static func declarations(_ text: String, path: String, module: String) -> SourceFileDeclarations {
        path.hasSuffix(".swift")
            ? SwiftDeclarationReader.read(text, path: path, module: module)
            : ObjCDeclarationReader.read(text, path: path, module: module)
    }
}

/// Which module a source file belongs to, from the folder structure (Xcode's sources carry no
/// target membership outside the .xcodeproj): a SwiftPM `Sources/<Target>/…` names the target;
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
