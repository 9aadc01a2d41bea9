import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a run stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP leaves beside its output folder:
/// nothing. An output folder registers its staging folder and lock file while it is being
/// written; on one of those signals each registered staging folder is renamed aside (a writer
/// still running can no longer add to it: folders are only ever made inside it,
/// `POSIXFile.makeFolders(_:inside:shownAs:)`) and removed, each lock file unlinked, and the
/// signal raised again with its default action, so the shell sees the run ended by it. A
/// cancelled corpus site left ~110 MB in a hidden `.<name>.nibviz-tmp-<pid>` until the next run
/// into the same folder. (SIGKILL cannot be caught: then the next run removes the staging
/// folder, `OutputFolder.removeStaleStaging`.)
enum InterruptCleanup {
    /// What one output folder leaves if the run ends now.
    private struct Leftovers {
        /// Nil once its commit began: after a swap the staging path holds the previous output.
        var staging: String?
        var lock: String
    }

    /// Per output folder being written (keyed by the folder object: a later folder for the same
    /// target in the same process has the same staging path).
    private static let registered = Mutex<[ObjectIdentifier: Leftovers]>([:])
    /// The signal sources, kept for the life of the process once the first folder registers.
    private static let sources = Mutex<[any DispatchSourceSignal]>([])

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Removes `staging` and unlinks `lock` if the run is interrupted before `unregister`.
    static func register(_ folder: ObjectIdentifier, staging: String, lock: String) {
        installHandlers()
        registered.withLock { $0[folder] = Leftovers(staging: staging, lock: lock) }
    }

    /// The folder's commit begins: its staging folder is left alone from here on, its lock not.
    static func keepStaging(_ folder: ObjectIdentifier) {
        registered.withLock { $0[folder]?.staging = nil }
    }

    /// The folder is committed, discarded or gone: nothing of it is the handler's any more.
    static func unregister(_ folder: ObjectIdentifier) {
        _ = registered.withLock { $0.removeValue(forKey: folder) }
    }

    private static func installHandlers() {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in signals {
                // A signal ignored when nibviz started (`nohup`, a script's background job) stays
                // ignored.
                var current = sigaction()
                guard sigaction(number, nil, &current) == 0,
                    unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
                else { continue }
                // Linux's libdispatch installs its own handler for a signal source; on Darwin a
                // source sees the signal only once its default action is off.
                #if canImport(Darwin)
                    signal(number, SIG_IGN)
                #endif
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { interrupted(by: number) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Cleans up, then ends the process with the signal's default action.
    private static func interrupted(by number: Int32) {
        // Held to the end: a commit cannot begin meanwhile, and a second signal waits here.
        registered.withLock { folders in
            for leftovers in folders.values.sorted(by: { $0.lock < $1.lock }) {
                if let staging = leftovers.staging {
                    let aside = staging + "-interrupted"
                    POSIXFile.removeTree(rename(staging, aside) == 0 ? aside : staging)
                }
                unlink(leftovers.lock)
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
