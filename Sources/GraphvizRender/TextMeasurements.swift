import GraphvizShim
import Synchronization

/// What Graphviz's text layout measured for each span (font size, flags, name and text → size
/// and offsets), kept for the text layout plugin of `nibviz_context`: labels repeat class
/// names, selectors and fonts from node to node and graph to graph, and Pango took a tenth of
/// a serial site build's CPU measuring them again. Graphviz calls back on the thread rendering, under
/// `GraphvizRenderer`'s lock; the lock here keeps the table itself safe.
enum TextMeasurements {
    /// More entries than any corpus document set needs (a worker retires after 500 graphs;
    /// `--jobs 1` renders a whole site in one process): past it the table starts again.
    static let capacity = 100_000

    private static let table = Mutex<[[UInt8]: nibviz_text_metrics]>([:])

    static let lookup: nibviz_text_lookup = { key, length, metrics in
        guard let key, let metrics else { return 0 }
        let bytes = Array(UnsafeBufferPointer(start: key, count: length))
        guard let found = table.withLock({ $0[bytes] }) else { return 0 }
        metrics.pointee = found
        return 1
    }

    static let store: nibviz_text_store = { key, length, metrics in
        guard let key, let metrics else { return }
        let bytes = Array(UnsafeBufferPointer(start: key, count: length))
        let value = metrics.pointee
        table.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[bytes] = value
        }
    }

    /// How many measurements are kept (tests).
    static var count: Int { table.withLock { $0.count } }
}
