import Foundation

/// Frames between the pool and a worker process: a 4-byte big-endian length, then the bytes.
/// A request is a header frame (`RenderJob`: name, engine, format; `WireFields`) then the DOT's
/// UTF-8 bytes as they are; a response is a header frame then the output bytes. Big payloads
/// (DOT, SVG) are never escaped or copied through `String` on the way.
enum WorkerProtocol {
    /// The response header.
    struct Header {
        var ok: Bool
        var warnings: [String]
        var error: RenderError.Wire?
        /// The worker exits after this response (job or memory limit reached).
        var retiring: Bool
        /// Graphviz's stages in the worker.
        var timing: RenderTiming?
    }

    /// Writes the frames of `payloads` (each a length then its bytes) in one `writev`: one
    /// system call for a request or a response that fits the pipe, instead of one per piece
    /// (each a wake-up of the reader), and no buffer joining them. A worker joined its header
    /// and SVG into a new array per answer: that allocation, of megabytes after Graphviz freed
    /// its many small blocks, cost ~2 % of a corpus build's CPU in glibc's consolidation.
    static func writeFrames(_ payloads: [UnsafeRawBufferPointer], to fd: Int32) -> Bool {
        var lengths: [UInt8] = []
        lengths.reserveCapacity(4 * payloads.count)
        for payload in payloads {
            guard let length = UInt32(exactly: payload.count) else { return false }
            lengths += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        }
        return lengths.withUnsafeBytes { prefixes in
            var pieces: [UnsafeRawBufferPointer] = []
            for (number, payload) in payloads.enumerated() {
                pieces.append(UnsafeRawBufferPointer(rebasing: prefixes[4 * number..<4 * number + 4]))
                if !payload.isEmpty { pieces.append(payload) }
            }
            return writeAll(pieces, to: fd)
        }
    }

    /// `writeFrames` of arrays.
    static func writeFrames(_ payloads: [[UInt8]], to fd: Int32) -> Bool {
        func withPointers(from index: Int, _ pointers: [UnsafeRawBufferPointer]) -> Bool {
            guard index < payloads.count else { return writeFrames(pointers, to: fd) }
            return payloads[index].withUnsafeBytes { withPointers(from: index + 1, pointers + [$0]) }
        }
        return withPointers(from: 0, [])
    }

    static func writeFrame(_ bytes: [UInt8], to fd: Int32) -> Bool { writeFrames([bytes], to: fd) }

    /// The frame a server forked by a worker sends before its first answer: its process id
    /// (a graph's CPU limit is counted on the process drawing it). Its first byte, 2, starts
    /// no response header (whose first byte is a flag).
    static func serverNotice(pid: Int32) -> [UInt8] {
        var fields = WireFields()
        fields.add(Int(pid))
        return [2] + fields.bytes
    }

    /// The process id a server notice names; nil for any other frame.
    static func serverPID(in frame: [UInt8]) -> Int32? {
        guard frame.count == 9, frame.first == 2 else { return nil }
        var reader = WireFieldReader(Array(frame.dropFirst()))
        return (try? reader.int()).flatMap { Int32(exactly: $0) }
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool { bytes.withUnsafeBytes { writeAll([$0], to: fd) } }

    /// Writes every byte of `pieces`, in order, through `writev` (again after a partial write).
    static func writeAll(_ pieces: [UnsafeRawBufferPointer], to fd: Int32) -> Bool {
        var rest = pieces.filter { !$0.isEmpty }[...]
        while !rest.isEmpty {
            // Frames come two or three at a time, far below the system's limit on vectors (1,024).
            let vectors = rest.prefix(64).map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
            let written = vectors.withUnsafeBufferPointer { writev(fd, $0.baseAddress, Int32($0.count)) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            rest = unwritten(rest, after: written)
        }
        return true
    }

    /// What of `pieces` is left once their first `count` bytes are written (from a non-empty
    /// piece: no empty piece is left in front).
    static func unwritten(_ pieces: ArraySlice<UnsafeRawBufferPointer>, after count: Int) -> ArraySlice<UnsafeRawBufferPointer> {
        var rest = pieces
        var left = count
        while let first = rest.first, left > 0 || first.isEmpty {
            if first.count <= left {
                left -= first.count
                rest.removeFirst()
            } else {
                rest[rest.startIndex] = UnsafeRawBufferPointer(rebasing: first[left...])
                left = 0
            }
        }
        return rest
    }

    enum ReadResult {
        case bytes([UInt8])
        case endOfFile
        case timedOut
    }

    /// Reads frames from one descriptor through a buffer: a response's two frames usually
    /// arrive in one `read`, not four.
    final class FrameReader {
        let fd: Int32
        /// Bytes `start..<end` are read and not yet returned; `end..<buffer.count` is room for
        /// the next `read`. The room is zero-filled once when the buffer grows, not per `read`:
        /// a frame of n bytes arriving in 64 KiB pipe reads would otherwise cost n²/64 KiB of
        /// filling (an 8 MiB DOT took 80 s to arrive in a debug build).
        private var buffer: [UInt8] = []
        private var start = 0
        private var end = 0

        /// A longer length is a broken stream, not a frame to allocate.
        static let maximumFrame = 1 << 30

        /// The least room a `read` is offered (a pipe holds 64 KiB).
        static let readSize = 64 << 10

        /// A buffer grown past this for a big frame is dropped once that frame is returned.
        static let keptCapacity = 1 << 20

        /// Whether a `read` may take bytes past the frame being read. A worker's server reads
        /// exactly its frames: the requests after them are for the server forked after it.
        let readsAhead: Bool

        init(fd: Int32, readsAhead: Bool = true) {
            self.fd = fd
            self.readsAhead = readsAhead
        }

        /// The next frame; `.endOfFile` at end of file or on error. `deadline` bounds the wait
        /// (nil: none).
        func readFrame(deadline: Date? = nil) -> ReadResult {
            if case let failure? = fill(4, deadline: deadline) { return failure }
            let length = buffer[start..<start + 4].reduce(0) { ($0 << 8) | Int($1) }
            guard length <= Self.maximumFrame else { return .endOfFile }
            if case let failure? = fill(4 + length, deadline: deadline) { return failure }
            let frame = Array(buffer[start + 4..<start + 4 + length])
            start += 4 + length
            if start == end {
                start = 0
                end = 0
                if buffer.count > Self.keptCapacity { buffer = [] }
            }
            return .bytes(frame)
        }

        /// Reads until `count` bytes past `start` are buffered; nil once they are.
        private func fill(_ count: Int, deadline: Date?) -> ReadResult? {
            guard end - start < count else { return nil }
            if start > 0 {
                // Moves the unread bytes only; the room after them needs no keeping.
                let (from, unread) = (start, end - start)
                buffer.withUnsafeMutableBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    memmove(base, base + from, unread)
                }
                end = unread
                start = 0
            }
            let room = max(count, end + Self.readSize)
            if buffer.count < room { buffer.append(contentsOf: repeatElement(0, count: room - buffer.count)) }
            while end - start < count {
                if let deadline {
                    let remaining = deadline.timeIntervalSinceNow
                    if remaining <= 0 { return .timedOut }
                    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000)) + 1)
                    if ready == 0 { continue }
                    if ready < 0 {
                        if errno == EINTR { continue }
                        return .endOfFile
                    }
                }
                // Through the whole array: a slice's mutable bytes would copy the buffer first
                // (the array still holds it), one copy of up to the whole buffer per `read`.
                let wanted = readsAhead ? buffer.count - end : start + count - end
                let got = buffer.withUnsafeMutableBytes { bytes in read(fd, bytes.baseAddress.map { $0 + end }, wanted) }
                if got == 0 { return .endOfFile }
                if got < 0 {
                    if errno == EINTR { continue }
                    return .endOfFile
                }
                end += got
            }
            return nil
        }
    }
}

extension RenderError {
    /// The wire form of an error.
    struct Wire {
        var stage: String
        var name: String
        var line: Int?
        var message: String
    }

    var wire: Wire { Wire(stage: stage.rawValue, name: name, line: line, message: message) }

    init(wire: Wire) {
        self.init(stage: Stage(rawValue: wire.stage) ?? .render, name: wire.name, line: wire.line, message: wire.message)
    }
}
