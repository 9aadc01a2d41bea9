#if canImport(Glibc)
    import Glibc
#endif

/// Why nibviz did not write its output, in words: a refused target, a folder holding files
/// nibviz did not write, or a system call that failed (its errno as text, never a number).
public struct OutputError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The target is never written (the root, the home folder, a git work tree, an input).
        case refused(String)
        /// The folder exists, is not nibviz's, and holds these entries (relative paths).
        case foreign([String])
        /// A file nibviz did not write is where an output file would go (`--force` keeps it).
        case inTheWay
        /// A system call failed with this errno.
        case system(Int32)
        /// Another nibviz held the folder's lock for too long.
        case busy(seconds: Int)
        /// Anything else, as a sentence.
        case other(String)
    }

    /// The path the error is about, as the user would recognise it.
    public var path: String
    /// What went wrong.
    public var reason: Reason

    /// Creates an error about `path`.
    public init(_ path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The failed system call's errno, read now.
    static func system(_ path: String, errno code: Int32 = errno) -> OutputError {
        OutputError(path, .system(code))
    }

    /// `cannot write PATH: permission denied` and friends.
    public var description: String {
        switch reason {
        case .refused(let why):
            return "refusing to write to \(path): \(why); nothing was written"
        case .foreign(let entries):
            let shown = entries.prefix(5).joined(separator: ", ")
            let more = entries.count > 5 ? " and \(entries.count - 5) more" : ""
            return
                "\(path) already holds files nibviz did not write (\(shown)\(more)); nibviz only replaces a folder that is missing, "
                + "empty or carries its \(OutputMarker.fileName) marker. Nothing was touched: pick another folder, or pass --force "
                + "to write into it (files nibviz did not write are never deleted)"
        case .inTheWay:
            return "cannot write \(path): a file nibviz did not write is in the way (nibviz never overwrites it, even with --force)"
        case .system(let code):
            return "cannot write \(path): \(Self.text(errno: code))"
        case .busy(let seconds):
            return "cannot write \(path): another nibviz has been writing it for \(seconds) s; try again when it has finished"
        case .other(let message):
            return "cannot write \(path): \(message)"
        }
    }

    /// `strerror` in lower case: "permission denied", "no space left on device".
    public static func text(errno code: Int32) -> String {
        guard let raw = strerror(code) else { return "system error \(code)" }
        let text = String(cString: raw)
        guard let first = text.first else { return "system error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
