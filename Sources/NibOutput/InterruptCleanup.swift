import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a run stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP leaves beside its output folder:
/// nothing. An output folder registers its staging folder while it is being written; on one of
/// those signals each registered staging folder is renamed aside (a writer still running can no
/// longer add to it by path) and removed, its lock file unlinked, and the signal raised again with
/// its default action, so the shell sees the run ended by it. A cancelled corpus site left
/// ~110 MB in a hidden `.<name>.nibviz-tmp-<pid>` until the next run into the same folder.
/// (SIGKILL cannot be caught: then the next run removes them, `OutputFolder.removeStaleStaging`.)
enum InterruptCleanup {
    /// Staging folder → lock file of every output folder being written.
    private static let registered = Mutex<[String: String]>([:])
    /// The signal sources, kept for the life of the process once the first folder registers.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Removes `staging` and unlinks `lock` if the run is interrupted before `unregister`.
    static func register(staging: String, lock: String) {
        installHandlers()
        registered.withLock { $0[staging] = lock }
    }

    /// From here on the folder is the caller's again (committed, discarded, or being committed:
    /// after a swap the staging path holds the previous output, which only its owner may remove).
    static func unregister(staging: String) {
        _ = registered.withLock { $0.removeValue(forKey: staging) }
    }

    private static func installHandlers() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in signals {
                // Dispatch sees a signal only when its default action is off; a signal that was
                // ignored when nibviz started (`nohup`) stays ignored.
                let previous = signal(number, SIG_IGN)
                if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                    continue
                }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Cleans up, then ends the process with the signal's default action.
    private static func interrupted(by number: Int32) {
        // Held to the end: a commit cannot start meanwhile, and a second signal waits here.
        registered.withLock { folders in
            for (staging, lock) in folders.sorted(by: { $0.key < $1.key }) {
                let aside = staging + "-interrupted"
                if rename(staging, aside) == 0 { POSIXFile.removeTree(aside) }
                unlink(lock)
            }
            folders.removeAll()
            // Ended by the signal itself (a shell script stops at an interrupted command), sent
            // to this thread with the signal unblocked here; the exit status only if that returns.
            signal(number, SIG_DFL)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            raise(number)
            _exit(128 + number)
        }
    }
}
