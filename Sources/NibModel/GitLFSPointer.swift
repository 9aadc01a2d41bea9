import Foundation

/// A Git LFS pointer file checked out in place of the document it stands for (the repository
/// keeps its storyboards or nibs in LFS and `git lfs pull` has not run): three short lines,
/// `version https://git-lfs.github.com/spec/v1`, `oid sha256:…`, `size N`. Every reader names it
/// as such, rather than "not XML" or "not a compiled nib".
public enum GitLFSPointer {
    /// The error for `data` read as `file` when it is a pointer; nil otherwise.
    public static func error(_ data: Data, file: String) -> LocatedError? {
        // A pointer is under 200 bytes; anything much larger is not one (nor worth scanning).
        guard data.count <= 1024 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        let prefixes = ["version https://git-lfs.github.com/spec/", "version https://hawser.github.com/spec/"]
        guard prefixes.contains(where: text.hasPrefix) else { return nil }
        let size = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("size ") }.flatMap { Int($0.dropFirst(5)) }
        let stands = size.map { " (it stands for \($0) bytes)" } ?? ""
        return LocatedError(
            at: FileLocation(file: file, line: 1, column: 1),
            "a Git LFS pointer file, not the document\(stands): fetch the content with `git lfs pull` and read it again")
    }
}
