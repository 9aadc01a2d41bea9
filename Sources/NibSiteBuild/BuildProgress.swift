import Foundation

/// `[i/n] step` lines and a progress bar on stderr; the bar is drawn only on a terminal.
/// Step lines and `note`s (what the build is doing) are chatter, written only with step
/// logging on; `warn` (warnings and errors: a page's timeline that differs from its scenario, a
/// broken link) is always written.
final class BuildProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let showBar: Bool
    private let logSteps: Bool
    private var barVisible = false
    private let output: @Sendable (String) -> Void

    /// `output` receives every line (stderr unless a test listens).
    init(
        showBar: Bool, logSteps: Bool,
        output: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.showBar = showBar
        self.logSteps = logSteps
        self.output = output
    }

    func step(_ index: Int, of total: Int, _ name: String) {
        guard logSteps else { return }
        lock.lock()
        defer { lock.unlock() }
        clearBar()
        write("[\(index)/\(total)] \(name)\n")
    }

    /// What the build is doing (counts, cache use): only with step logging on.
    func note(_ text: String) {
        guard logSteps else { return }
        warn(text)
    }

    /// A warning or an error: written whatever the logging.
    func warn(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        clearBar()
        write(text + "\n")
    }

    func bar(_ done: Int, _ total: Int, _ label: String) {
        guard showBar, total > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        let width = 30
        let filled = min(width, done * width / total)
        write(
            "\r  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                + "] \(done)/\(total) \(label)\u{1B}[K")
        barVisible = true
    }

    func finishBar() {
        lock.lock()
        defer { lock.unlock() }
        clearBar()
    }

    private func clearBar() {
        if barVisible {
            write("\r\u{1B}[K")
            barVisible = false
        }
    }

    private func write(_ text: String) {
        output(text)
    }
}
