import Foundation

/// Drops the page cache of the files under `folder` (written out first), so the next timed build
/// writes its files into memory the kernel just freed; returns the files dropped and the seconds
/// it took. Each timed build stays on disk until the bench ends (see `settleFileCreation`).
///
/// Why: a virtual machine backs its guest's memory on first touch, and our bench VM's host takes
/// back memory the guest frees within seconds (free page reporting), so every page a build's
/// writes take from memory nobody used lately costs a fault in the host. Writing 340 MB into a
/// new file cost 0.10 s of system time while the page cache could reuse pages just freed, and
/// 0.9–1.1 s once it had to grow into memory freed a while ago (measured with `dd`, three files
/// kept then more); a corpus site writes ~340 MB (pages, standalone SVGs, the diagram cache), so
/// each timed build paid up to a second of CPU for the host, not for nibviz, and more or less of it
/// depending on the builds before it (every timed build's output is kept). Touching free memory
/// beforehand (what the bench did) no longer helps: the host takes it back as soon as it is
/// freed. A developer's machine reuses its free memory as is, which is what this gives the
/// next build: the previous build's pages, freed right before it starts.
func dropPageCache(under folder: URL) -> (files: Int, seconds: Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    // Dirty pages are not dropped: write them out first.
    sync()
    var files = 0
    if let walk = FileManager.default.enumerator(atPath: folder.path) {
        while let relative = walk.nextObject() as? String {
            if walk.fileAttributes?[.type] as? FileAttributeType != .typeRegular { continue }
            let descriptor = open(folder.appendingPathComponent(relative).path, O_RDONLY)
            guard descriptor >= 0 else { continue }
            if posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0 { files += 1 }
            close(descriptor)
        }
    }
    return (files, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
