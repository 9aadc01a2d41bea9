import Foundation

/// `[#####     ] 12/539 name` on stderr, redrawn in place; silent when stderr is not a terminal.
struct ProgressBar {
    let enabled = isatty(STDERR_FILENO) != 0

    func update(_ done: Int, _ total: Int, _ name: String) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let short = name.count > 40 ? "…" + name.suffix(39) : name
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total) \(short)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
