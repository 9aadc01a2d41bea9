import Foundation
import NibDiffing
import NibParsing

/// An Interface Builder document that differs between two revisions.
public struct ChangedDocument: Hashable, Sendable {
    /// How the file changed (`git diff --name-status`).
    public enum Status: String, Hashable, Sendable {
        case added, removed, modified, renamed
    }

    /// How the file changed.
    public var status: Status
    /// The path at the base revision (nil when added).
    public var oldPath: String?
    /// The path at the head revision (nil when removed).
    public var newPath: String?

    /// Creates a changed document.
    public init(status: Status, oldPath: String?, newPath: String?) {
        self.status = status
        self.oldPath = oldPath
        self.newPath = newPath
    }

    /// The path to show: the new one, else the old one.
    public var path: String { newPath ?? oldPath ?? "" }

    /// The document a changed path is part of, when nibviz reviews it — the one input
    /// classifier's words (`InputClassifier.input(containing:)`): an XML document (`.xib`,
    /// `.storyboard`, `designable.nib`) is itself; a compiled `.nib` file is itself; a file inside
    /// a compiled `.nib` bundle or a `.storyboardc` stands for that folder.
    public static func reviewedDocument(containing path: String) -> String? {
        guard let input = InputClassifier.input(containing: path), input.kind == .document || input.kind == .compiledNib else { return nil }
        return input.path
    }
}

/// Why a git command failed.
public struct GitError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line that failed.
    public var command: String
    /// What git printed on stderr, trimmed.
    public var message: String

    /// `git …: message`.
    public var description: String { "\(command): \(message)" }
}

/// The few read-only git operations `nibviz review` needs, run with Foundation's `Process`.
public struct GitRepository: Sendable {
    /// The working directory git runs in (`--repo`).
    public var directory: URL

    /// A repository at `directory`.
    public init(directory: URL) { self.directory = directory }

    /// The IB documents changed between `base` and `head`, with renames detected (`-M`), in
    /// git's path order. The files of one compiled bundle or `.storyboardc` are one document
    /// (added when all its changed files are, removed likewise); a compiled bundle whose
    /// `designable.nib` changed is reviewed through that source document alone.
    public func changedDocuments(base: String, head: String) throws -> [ChangedDocument] {
        let output = try run(["diff", "--name-status", "-z", "-M", "--no-color", base, head, "--"])
        // -z: "STATUS\0path\0" or, for renames and copies, "R100\0old\0new\0"; paths are not quoted.
        var fields = output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if fields.last == "" { fields.removeLast() }
        var units: [(old: String?, new: String?)] = []
        var position: [String: Int] = [:]
        var changedPaths: Set<String> = []
        var index = 0
        while index < fields.count {
            let status = fields[index]
            let code = status.first ?? "?"
            let takesTwo = code == "R" || code == "C"
            guard index + (takesTwo ? 2 : 1) < fields.count else { break }
            let first = fields[index + 1]
            let second = takesTwo ? fields[index + 2] : first
            index += takesTwo ? 3 : 2
            changedPaths.formUnion([first, second])
            let old = code == "A" || code == "C" ? nil : ChangedDocument.reviewedDocument(containing: first)
            let new = code == "D" ? nil : ChangedDocument.reviewedDocument(containing: second)
            guard let key = new ?? old else { continue }
            if let at = position[key] {
                units[at] = (units[at].old ?? old, units[at].new ?? new)
            } else {
                position[key] = units.count
                units.append((old, new))
            }
        }
        return units.compactMap { unit in
            let path = unit.new ?? unit.old ?? ""
            if changedPaths.contains(path + "/designable.nib") { return nil }
            switch (unit.old, unit.new) {
            case (nil, let new?): return ChangedDocument(status: .added, oldPath: nil, newPath: new)
            case (let old?, nil): return ChangedDocument(status: .removed, oldPath: old, newPath: nil)
            case (let old?, let new?) where old != new: return ChangedDocument(status: .renamed, oldPath: old, newPath: new)
            default: return ChangedDocument(status: .modified, oldPath: unit.old, newPath: unit.new)
            }
        }
    }

    /// Whether `path` is a folder (a tree) at `revision`: a compiled bundle or `.storyboardc`.
    public func isFolder(_ path: String, at revision: String) throws -> Bool {
        let listing = try run(["ls-tree", "-z", revision, "--", path])
        return String(decoding: listing, as: UTF8.self).split(separator: "\0").contains {
            $0.split(separator: " ").dropFirst().first == "tree"
        }
    }

    /// The files below the folder `path` at `revision`, relative to it.
    public func files(under path: String, at revision: String) throws -> [String] {
        let listing = try run(["ls-tree", "-r", "-z", "--name-only", revision, "--", path + "/"])
        return String(decoding: listing, as: UTF8.self).split(separator: "\0").map(String.init).compactMap {
            $0.hasPrefix(path + "/") ? String($0.dropFirst(path.count + 1)) : nil
        }
    }

    /// The bytes of `path` at `revision` (`git show REV:path`).
    public func contents(of path: String, at revision: String) throws -> Data {
        try run(["show", "\(revision):\(path)"])
    }

    /// The full commit id of `revision`, to name it in the report.
    public func resolve(_ revision: String) throws -> String {
        String(decoding: try run(["rev-parse", "--verify", "--quiet", revision + "^{commit}"]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let command = "git " + arguments.prefix(2).joined(separator: " ")
        do { try process.run() } catch { throw GitError(command: command, message: "cannot run git: \(error.localizedDescription)") }
        // Read both pipes before waiting: a child that fills a 64 KiB pipe buffer would block forever.
        let errorBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorBox.set(err.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorBox.get(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw GitError(command: command, message: message.isEmpty ? "exit status \(process.terminationStatus)" : message)
        }
        return data
    }
}

/// A lock-protected buffer filled by the stderr reader thread.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
