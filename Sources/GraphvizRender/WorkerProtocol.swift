import Foundation

/// Frames between the pool and a worker process: a 4-byte big-endian length, then the bytes.
/// A request is one JSON frame; a response is a JSON header frame then a data frame.
enum WorkerProtocol {
    /// The response header.
    struct Header: Codable {
        var ok: Bool
        var warnings: [String]
        var error: RenderError.Wire?
        /// The worker exits after this response (job or memory limit reached).
        var retiring: Bool
        /// Graphviz's stages in the worker.
        var timing: RenderTiming?
    }

    static func writeFrame(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var length = UInt32(bytes.count).bigEndian
        let header = withUnsafeBytes(of: &length) { Array($0) }
        return writeAll(header, to: fd) && writeAll(bytes, to: fd)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// Reads one frame; nil at end of file or on error. `deadline` bounds the wait (nil: none).
    static func readFrame(from fd: Int32, deadline: Date? = nil) -> ReadResult {
        switch readExactly(4, from: fd, deadline: deadline) {
        case .bytes(let header):
            let length = header.reduce(0) { ($0 << 8) | Int($1) }
            return readExactly(length, from: fd, deadline: deadline)
        case let other:
            return other
        }
    }

    enum ReadResult {
        case bytes([UInt8])
        case endOfFile
        case timedOut
    }

    static func readExactly(_ count: Int, from fd: Int32, deadline: Date?) -> ReadResult {
        var result = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
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
            let got = result[offset...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got == 0 { return .endOfFile }
            if got < 0 {
                if errno == EINTR { continue }
                return .endOfFile
            }
            offset += got
        }
        return .bytes(result)
    }
}

extension RenderError {
    /// The wire form of an error.
    struct Wire: Codable {
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
