import Foundation
import NibTestSupport
import Testing

@testable import GraphvizRender

@Suite struct WorkerProtocolTests {
    @Test func framesRoundTripThroughAPipeWhateverTheirSizeAndHowTheyArrive() throws {
        let pipe = Pipe()
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frames: [[UInt8]] = [Array("{\"a\":1}".utf8), [], big, Array("tail".utf8)]
        let writer = Thread {
            let fd = pipe.fileHandleForWriting.fileDescriptor
            // Two frames in one write, then one frame byte by byte for its first bytes.
            _ = WorkerProtocol.writeFrames([frames[0], frames[1]], to: fd)
            _ = WorkerProtocol.writeFrames([frames[2]], to: fd)
            var last: [UInt8] = [0, 0, 0, 4]
            last += frames[3]
            for byte in last {
                _ = WorkerProtocol.writeAll([byte], to: fd)
                usleep(1_000)
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let reader = WorkerProtocol.FrameReader(fd: pipe.fileHandleForReading.fileDescriptor)
        for expected in frames {
            guard case .bytes(let frame) = reader.readFrame(deadline: Date(timeIntervalSinceNow: 30)) else {
                Issue.record("frame of \(expected.count) bytes not read")
                return
            }
            #expect(frame == expected)
        }
        guard case .endOfFile = reader.readFrame() else {
            Issue.record("no end of file after the last frame")
            return
        }
    }

    /// After a partial `writev`, the rest goes on from the exact byte: every count of bytes
    /// written, across pieces of several sizes (one empty), leaves the bytes not yet written.
    @Test func aPartialWriteLeavesExactlyTheBytesNotYetWritten() {
        let pieces: [[UInt8]] = [[1, 2, 3], [], [4], [5, 6, 7, 8, 9]]
        let all = pieces.flatMap { $0 }
        func withPointers(_ index: Int, _ pointers: [UnsafeRawBufferPointer], _ body: ([UnsafeRawBufferPointer]) -> Void) {
            guard index < pieces.count else { return body(pointers) }
            pieces[index].withUnsafeBytes { withPointers(index + 1, pointers + [$0], body) }
        }
        withPointers(0, []) { pointers in
            for count in 0...all.count {
                let rest = WorkerProtocol.unwritten(pointers[...], after: count)
                #expect(rest.flatMap { Array($0) } == Array(all[count...]), "after \(count) bytes")
                #expect(rest.first.map { !$0.isEmpty } ?? true, "after \(count) bytes: an emptied piece is dropped")
            }
        }
    }

    /// Frames of many sizes, written in pieces that split them anywhere: each read leaves part
    /// of the next frame in the buffer, which must move to the front intact.
    @Test func framesSplitAnywhereAcrossWritesComeBackWhole() throws {
        let pipe = Pipe()
        var generator = SplitMix64(seed: 7)
        let frames: [[UInt8]] = (0..<60).map { index in
            let size = index % 7 == 0 ? Int(generator.next() % 400_000) : Int(generator.next() % 3_000)
            return (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ index) }
        }
        var stream: [UInt8] = []
        for frame in frames {
            let length = UInt32(frame.count)
            stream += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            stream += frame
        }
        let pieces = (0..<200).map { _ in Int(generator.next() % UInt64(stream.count)) }.sorted()
        let written = stream
        let writer = Thread {
            let fd = pipe.fileHandleForWriting.fileDescriptor
            var from = 0
            for cut in pieces + [written.count] where cut > from {
                _ = WorkerProtocol.writeAll(Array(written[from..<cut]), to: fd)
                from = cut
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let reader = WorkerProtocol.FrameReader(fd: pipe.fileHandleForReading.fileDescriptor)
        for (index, expected) in frames.enumerated() {
            guard case .bytes(let frame) = reader.readFrame(deadline: Date(timeIntervalSinceNow: 30)) else {
                Issue.record("frame \(index) of \(expected.count) bytes not read")
                return
            }
            #expect(frame == expected, "frame \(index)")
        }
        guard case .endOfFile = reader.readFrame() else {
            Issue.record("no end of file after the last frame")
            return
        }
    }

    @Test func aTruncatedFrameIsTheEndOfTheStreamNotAFrame() {
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        _ = WorkerProtocol.writeAll([0, 0, 0, 10, 1, 2, 3], to: fd)
        try? pipe.fileHandleForWriting.close()
        let reader = WorkerProtocol.FrameReader(fd: pipe.fileHandleForReading.fileDescriptor)
        guard case .endOfFile = reader.readFrame() else {
            Issue.record("a frame cut short was returned")
            return
        }
    }

    @Test func aSilentWorkerTimesOutAtTheDeadline() {
        let pipe = Pipe()
        let reader = WorkerProtocol.FrameReader(fd: pipe.fileHandleForReading.fileDescriptor)
        guard case .timedOut = reader.readFrame(deadline: Date(timeIntervalSinceNow: 0.05)) else {
            Issue.record("no time-out")
            return
        }
    }

    /// The DOT goes to the worker as raw bytes: quotes, backslashes, HTML labels, non-ASCII
    /// and a big label must arrive as they were (the output equals the in-process output).
    @Test func aRequestRoundTripsThroughAWorkerByteForByte() throws {
        let label = String(repeating: "ab\\\"c ", count: 20_000)
        let dot = """
            digraph "q\\"uote" { a [label="\(label)"]; b [label=<<B>é → ü</B><BR/>“x”>]; a -> b [xlabel="\\\\n"] }
            """
        let request = RenderRequest(dot: dot, name: "quotes “é”.dot")
        let local = try GraphvizRenderer.shared.render(request)
        let pool = RenderWorkerPool(executable: TestPaths.nibviz, workerCount: 1)
        let results = pool.render([request, RenderRequest(dot: "digraph { a -> }", name: "bad “é”.dot", generated: true)])
        let pooled = try results[0].get()
        #expect(pooled.data == local.data)
        #expect(pooled.timing.graphvizCPU > 0)
        #expect(pooled.timing.ownCPU > 0)
        guard case .failure(let error) = results[1] else {
            Issue.record("the bad graph rendered")
            return
        }
        #expect(error.name == "bad “é”.dot")
        #expect(error.message.contains("nibviz generated"))
    }

    @Test func headersRoundTripFieldByFieldAndShortOrLongFramesAreRefused() throws {
        let job = RenderJob(engine: .neato, format: .png, name: "Main “é”.storyboard\n", generated: true)
        #expect(try RenderJob(wire: job.wireBytes) == job)
        let failed = WorkerProtocol.Header(
            ok: false, warnings: ["w1", ""], error: RenderError.Wire(stage: "layout", name: "g", line: 12, message: "bad \u{0}"),
            retiring: true,
            timing: nil)
        let decoded = try WorkerProtocol.Header(wire: failed.wireBytes)
        #expect(decoded.ok == false && decoded.retiring && decoded.warnings == ["w1", ""] && decoded.timing == nil)
        #expect(decoded.error?.line == 12 && decoded.error?.message == "bad \u{0}" && decoded.error?.stage == "layout")
        let timing = RenderTiming(parse: 0.5, layout: 1e-9, render: 3, total: 4.25, graphvizCPU: 0.1, ownCPU: 0)
        let rendered = try WorkerProtocol.Header(
            wire: WorkerProtocol.Header(ok: true, warnings: [], error: nil, retiring: false, timing: timing).wireBytes)
        #expect(rendered.timing == timing && rendered.error == nil && rendered.ok)
        let noLine = try WorkerProtocol.Header(
            wire: WorkerProtocol.Header(
                ok: false, warnings: [], error: .init(stage: "s", name: "n", line: nil, message: "m"), retiring: false, timing: nil
            )
            .wireBytes)
        #expect(noLine.error?.line == nil)
        let bytes = failed.wireBytes
        #expect(throws: WireFieldReader.Malformed.self) { try WorkerProtocol.Header(wire: Array(bytes.dropLast())) }
        #expect(throws: WireFieldReader.Malformed.self) { try WorkerProtocol.Header(wire: bytes + [0]) }
        #expect(throws: WireFieldReader.Malformed.self) { try RenderJob(wire: Array("{\"name\":\"x\"}".utf8)) }
    }
}
