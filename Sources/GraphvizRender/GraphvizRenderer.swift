import CGraphviz
import Foundation
import GraphvizShim
import Synchronization

/// Renders DOT in this process through libgvc.
///
/// libgvc keeps global state and is not thread-safe (two threads crash even with one context
/// each), so every call goes through one process-wide lock and reuses one context. Use
/// `RenderWorkerPool` for parallelism.
public final class GraphvizRenderer: Sendable {
    /// The renderer of this process.
    public static let shared = GraphvizRenderer()

    private let context: Mutex<OpaquePointer?>

    private init() {
        nibviz_capture_errors()
        context = Mutex(nibviz_context())
    }

    /// Runs `body` while no graph is drawn in this process (tests reaching Graphviz's state).
    func whileNotDrawing<T>(_ body: () -> T) -> T { context.withLock { _ in body() } }

    /// Lays out and renders one graph; throws `RenderError` with Graphviz's message.
    public func render(_ request: RenderRequest) throws(RenderError) -> RenderOutput {
        try render(dot: Array(request.dot.utf8), job: RenderJob(request))
    }

    /// Lays out and renders the DOT bytes `dot` as `job` says (the worker's path: the bytes
    /// arrive as they were sent, never turned into a `String` and back).
    ///
    /// `freeing: false` leaves the graph and its layout where they are instead of freeing them,
    /// for a process that exits soon and so hands all of it back to the kernel at once (a
    /// RenderWorker server): Graphviz's `agclose` and `gvFreeLayout` walk every node, edge and
    /// attribute of the graph again. Such a graph is read into an arena the next one starts over
    /// (GraphArena.c), so the graph's own memory is reused; its layout's is left.
    func render(dot: [UInt8], job: RenderJob, freeing: Bool = true) throws(RenderError) -> RenderOutput {
        try render(dot: dot, job: job, freeing: freeing) { output, bytes in
            var copy = output
            copy.data = [UInt8](bytes)
            return copy
        }
    }

    /// `render(dot:job:freeing:)`, handing `use` the output bytes where Graphviz wrote them
    /// (valid only during the call; the output's `data` is empty): a server writes them to its
    /// pipe from there. A copy of a big SVG took fresh pages from the kernel for every graph
    /// (a third of the page faults the corpus site's servers had besides Graphviz's own).
    func render<Result>(
        dot: [UInt8], job: RenderJob, freeing: Bool, _ use: (RenderOutput, UnsafeRawBufferPointer) -> Result
    ) throws(RenderError) -> Result {
        let drawn: Swift.Result<(RenderOutput, UnsafeMutablePointer<CChar>, Int), RenderError> = context.withLock { gvc in
            guard let gvc else {
                return .failure(RenderError(stage: .render, name: job.name, message: "could not create a Graphviz context"))
            }
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = CPUClock.thread()
            // After `render` returned: freeing the graph and its layout is Graphviz's work too
            // (seconds for a big graph), counted as its own stage rather than left over.
            return Self.render(dot, job, in: gvc, freeing: freeing, clock: clock, start: start).map { output, buffer, length in
                var timed = output
                timed.timing.graphvizCPU = CPUClock.thread() - cpuStart
                timed.timing.total = Self.seconds(clock.now - start)
                if freeing {
                    timed.timing.release = max(0, timed.timing.total - timed.timing.parse - timed.timing.layout - timed.timing.render)
                }
                return (timed, buffer, length)
            }
        }
        let (output, buffer, length) = try drawn.get()
        // Graphviz's buffer is plain malloc'ed memory, no longer its state: read and freed
        // outside the lock.
        defer { gvFreeRenderData(buffer) }
        return use(output, UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// The output without its bytes, and Graphviz's buffer holding them (for `gvFreeRenderData`).
    private static func render(
        _ utf8: [UInt8], _ request: RenderJob, in gvc: OpaquePointer, freeing: Bool, clock: ContinuousClock,
        start: ContinuousClock.Instant
    ) -> Swift.Result<(RenderOutput, UnsafeMutablePointer<CChar>, Int), RenderError> {
        _ = takeMessages()  // drop anything left from a previous call
        let graph: UnsafeMutablePointer<Agraph_t>? = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // A graph not freed lives in the arena the next one starts over (GraphArena.c).
                nibviz_read_dot(chars.baseAddress, chars.count, freeing ? 0 : 1).map {
                    UnsafeMutableRawPointer($0).assumingMemoryBound(to: Agraph_t.self)
                }
            }
        }
        guard let graph else {
            let (messages, _) = takeMessages()
            let error = parseError(messages, name: request.name)
            return .failure(request.generated ? error.inGeneratedDOT : error)
        }
        defer { if freeing { agclose(graph) } }
        let parsed = clock.now
        var (warnings, errorCount) = takeMessages()
        if errorCount > 0 {
            return .failure(RenderError(stage: .parse, name: request.name, message: warnings.joined(separator: "; ")))
        }
        nibviz_text_cache_use(request.format.drawsTextLayouts ? 0 : 1)
        guard gvLayout(gvc, graph, request.engine.rawValue) == 0 else {
            let (messages, _) = takeMessages()
            return .failure(
                RenderError(stage: .layout, name: request.name, message: messages.first ?? "layout with \(request.engine.rawValue) failed"))
        }
        defer { if freeing { gvFreeLayout(gvc, graph) } }
        let laidOut = clock.now
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let status = nibviz_gvRenderData(gvc, graph, request.format.device, &buffer, &length)
        let (renderMessages, renderErrors) = takeMessages()
        warnings += renderMessages
        errorCount = renderErrors
        // Some errors (bad HTML labels) still return success: agerrors() tells.
        guard status == 0, errorCount == 0, let buffer else {
            if let buffer { gvFreeRenderData(buffer) }
            let message = warnings.first { $0.hasPrefix("Error") } ?? warnings.first ?? "rendering \(request.format.rawValue) failed"
            return .failure(RenderError(stage: .render, name: request.name, message: clean(message)))
        }
        let timing = RenderTiming(parse: seconds(parsed - start), layout: seconds(laidOut - parsed), render: seconds(clock.now - laidOut))
        return .success((RenderOutput(data: [], warnings: warnings.map(clean), timing: timing), buffer, length))
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// Messages arrive in fragments ("Warning: ", text, "\n"): join, then split on lines.
    private static func takeMessages() -> ([String], Int) {
        var count: Int32 = 0
        guard let raw = nibviz_take_errors(&count) else { return ([], Int(count)) }
        defer { free(raw) }
        let text = String(cString: raw)
        let lines = text.split(separator: "\n").map { String($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return (lines, Int(count))
    }

    private static func clean(_ message: String) -> String {
        var text = message
        for prefix in ["Error: ", "Warning: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Graphviz says `Error: <dot>: syntax error in line 3 near 'x'`: keep the line and the
    /// text after the file name.
    static func parseError(_ messages: [String], name: String) -> RenderError {
        let joined = messages.map(clean).joined(separator: " ")
        var line: Int?
        if let range = joined.range(of: "in line ") {
            let digits = joined[range.upperBound...].prefix { $0.isNumber }
            line = Int(digits)
        }
        var message = joined
        if let range = message.range(of: "<dot>: ") { message = String(message[range.upperBound...]) }
        if message.isEmpty { message = "syntax error" }
        return RenderError(stage: .parse, name: name, line: line, message: message)
    }
}
