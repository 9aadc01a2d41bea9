#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on `.<name>.nibviz-lock` beside an output folder, so two nibviz runs
/// writing the same folder take turns; the second says it is waiting. The kernel drops the lock
/// when its holder dies, so a killed run never blocks the next one. The holder removes the file
/// when done; a waiter that then holds a lock on a removed file tries again on the new one.
final class OutputLock {
    private let fd: Int32
    private let lockPath: String

    /// The lock file for the folder at `path` (canonical).
    static func path(for folder: String) -> String {
        OutputPath.parent(of: folder) + "/." + OutputPath.name(of: folder) + ".nibviz-lock"
    }

    /// Takes the lock, waiting up to `timeout` seconds (reported once through `notice`).
    init(folder: String, shownAs shown: String, timeout: Int, notice: (String) -> Void) throws {
        lockPath = Self.path(for: folder)
        let deadline = time(nil) + timeout
        var announced = false
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw OutputError.system(shown) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                if Self.isCurrent(fd, lockPath) {
                    self.fd = fd
                    return
                }
                close(fd)
                continue
            }
            let code = errno
            close(fd)
            guard code == EWOULDBLOCK || code == EINTR else { throw OutputError.system(shown, errno: code) }
            guard time(nil) < deadline else { throw OutputError(shown, .busy(seconds: timeout)) }
            if !announced {
                notice("note: another nibviz is writing \(shown); waiting for it to finish (lock \(lockPath))")
                announced = true
            }
            usleep(100_000)
        }
    }

    /// The locked descriptor is still the file at `path` (its holder did not remove it meanwhile).
    private static func isCurrent(_ fd: Int32, _ path: String) -> Bool {
        var held = stat()
        var named = stat()
        return fstat(fd, &held) == 0 && lstat(path, &named) == 0 && held.st_ino == named.st_ino && held.st_dev == named.st_dev
    }

    deinit {
        unlink(lockPath)
        close(fd)
    }
}
