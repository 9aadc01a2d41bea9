import Foundation
import NibOutput
import Synchronization

/// The bench's scratch folders (`ScratchFolder`: marked with this process, so a killed bench's
/// are removed by the next), deleted when the bench ends, not when each benchmark does: see
/// `settleFileCreation`.
private let scratchFolders = Mutex<[ScratchFolder]>([])

/// A new empty scratch folder for `purpose` in the temporary directory, deleted by
/// `removeScratchFolders`.
func scratchFolder(_ purpose: String) -> URL {
    do {
        let folder = try ScratchFolder(purpose: purpose)
        scratchFolders.withLock { $0.append(folder) }
        return folder.url
    } catch {
        FileHandle.standardError.write(Data("make bench: \(error)\n".utf8))
        exit(1)
    }
}

/// Deletes every scratch folder.
func removeScratchFolders() {
    for folder in scratchFolders.withLock({ $0 }) { folder.remove() }
}

/// Microseconds per file to create, write (1 KiB) and close 500 files in a new folder under
/// `folder`, and the seconds waited for it to settle (at most 7 minutes): under 35 µs, or under
/// 80 µs and no longer falling (within 15 % of the probe 30 s before). Under 80 µs alone let a
/// bench start at 50 µs, twice this VM's settled cost, with its builds still paying the rest.
///
/// ext4 without a journal (the VMs we bench on) does not reuse an inode freed in the last
/// 60 s, or 360 s while its inode-table block is dirty — and creating files beside it dirties
/// the block again. Each new file is checked against every such free inode of its group: for
/// about six minutes after deleting a few thousand files (a build's output, `make test`'s
/// folders), creating files costs 10× the CPU (250 µs instead of 25; 0.4–0.6 s more CPU for a
/// corpus site; perf: `find_inode_bit`, `recently_deleted`). That is the machine's state, not
/// nibviz's work, so the timed builds wait it out; the bench deletes its own folders at the end.
func settleFileCreation(in folder: URL) -> (microseconds: Double, waited: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    var round = 0
    var previous: Double?
    while true {
        let probe = folder.appendingPathComponent("probe-\(round)")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
        let before = DispatchTime.now().uptimeNanoseconds
        for index in 0..<500 {
            let descriptor = open(probe.appendingPathComponent("f\(index)").path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else { continue }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let microseconds = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e3 / 500
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let steady = previous.map { microseconds >= 0.85 * $0 } ?? false
        if microseconds < 35 || (microseconds < 80 && steady) || waited > 420 { return (microseconds, waited) }
        previous = microseconds
        round += 1
        sleep(30)
    }
}
