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
    /// Whether the handlers are installed (once per process, when the first folder registers).
    private static let installed = Mutex(false)

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

    /// A plain `sigaction` handler that writes the signal's number to a pipe, read by a thread
    /// of its own (a bare pthread) that cleans up. Dispatch signal sources, or a Foundation
    /// `Thread` reading the pipe, made the next `concurrentPerform` slower: reading a corpus's
    /// documents in a one-document rebuild took 0.24 s instead of 0.14 s (not understood; not
    /// reproduced outside nibviz).
    private static func installHandlers() {
        installed.withLock { installed in
            guard !installed else { return }
            installed = true
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            interruptPipe = ends[1]
            interruptPipeRead = ends[0]
            var thread = pthread_t()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 1 << 18)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let started = pthread_create(
                &thread, &attributes,
                { _ in
                    // A process started with these signals blocked (a test runner's thread mask
                    // is inherited) still gets them here: no other thread unblocks them.
                    var handled = sigset_t()
                    sigemptyset(&handled)
                    for number in InterruptCleanup.signals { sigaddset(&handled, number) }
                    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
                    var byte: UInt8 = 0
                    while true {
                        let count = read(interruptPipeRead, &byte, 1)
                        if count == 1 { InterruptCleanup.interrupted(by: Int32(byte)) }
                        if count == 0 || (count < 0 && errno != EINTR) { return nil }
                    }
                }, nil)
            pthread_attr_destroy(&attributes)
            guard started == 0 else { return }
            for number in signals {
                // A signal ignored when nibviz started (`nohup`, a script's background job) stays
                // ignored.
                var current = sigaction()
                guard sigaction(number, nil, &current) == 0,
                    unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self)
                else { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = forwardSignal
                sigemptyset(&action.sa_mask)
                // Other threads' system calls go on as if nothing happened.
                action.sa_flags = SA_RESTART
                sigaction(number, &action, nil)
            }
        }
    }

    /// Cleans up, then ends the process with the signal's default action.
    static func interrupted(by number: Int32) {
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

/// The write end of `InterruptCleanup`'s pipe (set before any handler is installed).
nonisolated(unsafe) private var interruptPipe: Int32 = -1
/// Its read end, for the thread that cleans up.
nonisolated(unsafe) private var interruptPipeRead: Int32 = -1

/// The signal handler: only `write`, which is async-signal-safe, and the interrupted thread's
/// `errno` as it was.
private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(interruptPipe, &byte, 1)
    errno = saved
}
