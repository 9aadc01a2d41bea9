import Foundation

/// `[i/n] step` lines and a progress bar on stderr; the bar is drawn only on a terminal.
final class BuildProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let showBar: Bool
    private let logSteps: Bool
    private var barVisible = false

    init(showBar: Bool, logSteps: Bool) {
        self.showBar = showBar
        self.logSteps = logSteps
    }

    func step(_ index: Int, of total: Int, _ name: String) {
        guard logSteps else { return }
        lock.lock()
        defer { lock.unlock() }
        clearBar()
        write("[\(index)/\(total)] \(name)\n")
    }

    func note(_ text: String) {
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
        FileHandle.standardError.write(Data(text.utf8))
    }
}
