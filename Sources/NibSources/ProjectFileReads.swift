import Foundation
import NibModel

/// One answer the disk gave the project readers (`ProjectModules.read`): a file's bytes, a
/// folder's entries, or what kind of entry a path is. A later build that gets every answer
/// again takes the modules read then instead of parsing the project files again: a big app's
/// `project.pbxproj` files took most of a no-change site rebuild.
public struct ProjectRead: Hashable, Sendable {
    /// What was asked.
    public enum Kind: Int, Sendable {
        /// A file's bytes; the answer is their digest (`StableHash.hex(bytes:)`), empty when unreadable.
        case contents
        /// A folder's entry names; the answer is them sorted, each followed by a newline, or
        /// `ProjectRead.unlistable`.
        case listing
        /// What is at a path, links followed: `file`, `folder` or empty (nothing).
        case entry
    }

    /// A folder that could not be listed.
    public static let unlistable = "\u{0}"

    public var kind: Kind
    /// As the reader named it.
    public var path: String
    public var answer: String

    public init(kind: Kind, path: String, answer: String) {
        self.kind = kind
        self.path = path
        self.answer = answer
    }

    /// The answer a listing of `names` gives.
    static func listingAnswer(_ names: [String]?) -> String {
        guard let names else { return unlistable }
        return names.sorted().map { $0 + "\n" }.joined()
    }

    /// The answer the disk gives now, `contentsDigest` giving a file's digest (nil:
    /// unreadable), so the caller can take a digest it already has for the same bytes.
    public func answerNow(contentsDigest: (String) -> String?) -> String {
        switch kind {
        case .contents: contentsDigest(path) ?? ""
        case .listing: Self.listingAnswer(try? FileManager.default.contentsOfDirectory(atPath: path))
        case .entry: ProjectFileReads.entryAnswer(path)
        }
    }
}

/// The disk as the project readers see it: each question asked once per read (a target's
/// xcconfig is looked up for every build setting of every configuration) and noted with its
/// answer, in the order first asked.
final class ProjectFileReads {
    private(set) var reads: [ProjectRead] = []
    private var contentsByPath: [String: Data?] = [:]
    private var listings: [String: [String]?] = [:]
    private var entries: [String: String] = [:]

    /// The bytes of the file at `path` (links followed); nil when unreadable.
    func contents(_ path: String) -> Data? {
        if let known = contentsByPath[path] { return known }
        let data = FileManager.default.contents(atPath: path)
        contentsByPath[path] = data
        let digest = data.map { data in data.withUnsafeBytes { StableHash.hex(bytes: $0) } } ?? ""
        reads.append(ProjectRead(kind: .contents, path: path, answer: digest))
        return data
    }

    /// The entry names of the folder at `path`, in the disk's order; nil when it cannot be listed.
    func names(inFolder path: String) -> [String]? {
        if let known = listings[path] { return known }
        let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        listings[path] = names
        reads.append(ProjectRead(kind: .listing, path: path, answer: ProjectRead.listingAnswer(names)))
        return names
    }

    /// Whether something is at `path` (links followed).
    func exists(_ path: String) -> Bool { entry(path) != "" }

    /// Whether a folder is at `path` (links followed).
    func isFolder(_ path: String) -> Bool { entry(path) == "folder" }

    private func entry(_ path: String) -> String {
        if let known = entries[path] { return known }
        let answer = Self.entryAnswer(path)
        entries[path] = answer
        reads.append(ProjectRead(kind: .entry, path: path, answer: answer))
        return answer
    }

    static func entryAnswer(_ path: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "" }
        return isFolder.boolValue ? "folder" : "file"
    }
}
