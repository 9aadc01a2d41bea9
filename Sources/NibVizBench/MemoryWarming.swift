import Foundation
import NibSiteBuild

/// Touches up to `bytes` of fresh anonymous memory (at most half of what the kernel reports
/// available) one page at a time and lets it go; returns the bytes touched and the seconds it
/// took.
///
/// A virtual machine backs its guest's memory on first touch: on our bench VM, writing 300 MB
/// of new files into memory never touched since boot cost 0.25–0.72 s of system time, and
/// 0.06 s once the same amount of anonymous memory had been touched and freed (the page cache
/// then reuses pages the host already backs). A corpus site writes 330 MB (pages and the
/// diagram cache), so each timed build paid 0.2–0.7 s of CPU for the host, not for nibviz, and
/// more or less of it depending on what the machine did since boot. Warming the free memory
/// the timed builds will fill takes that out, as a laptop's RAM never had it.
func warmFreeMemory(upTo bytes: Int) -> (bytes: Int, seconds: Double) {
    let available = (ProcessMemory.kibibytes(["MemAvailable"], in: "/proc/meminfo")["MemAvailable"] ?? 0) * 1024
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let size = min(bytes, available / 2) / page * page
    guard size > 0 else { return (0, 0) }
    let start = DispatchTime.now().uptimeNanoseconds
    guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
        return (0, 0)
    }
    let bytesPointer = memory.assumingMemoryBound(to: UInt8.self)
    for offset in stride(from: 0, to: size, by: page) { bytesPointer[offset] = 1 }
    munmap(memory, size)
    return (size, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
