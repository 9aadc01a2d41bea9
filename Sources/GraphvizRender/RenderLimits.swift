import Foundation

/// The per-diagram limits of isolated rendering (documented in site/pages/reference/limits.md).
public enum RenderLimits {
    /// Seconds one diagram may take in a worker before the worker is killed and the diagram
    /// reported as failed. `NIBVIZ_RENDER_TIMEOUT=<seconds>` overrides it.
    public static var timeout: TimeInterval {
        if let text = ProcessInfo.processInfo.environment["NIBVIZ_RENDER_TIMEOUT"], let value = TimeInterval(text), value > 0 {
            return value
        }
        return defaultTimeout
    }

    /// The timeout without an override.
    public static let defaultTimeout: TimeInterval = 60

    /// Address space a worker may map (RLIMIT_AS): 2 GiB, or `NIBVIZ_RENDER_MEMORY_MB=<MiB>`.
    /// A diagram that needs more fails alone.
    public static var maxAddressBytes: Int {
        if let text = ProcessInfo.processInfo.environment["NIBVIZ_RENDER_MEMORY_MB"], let value = Int(text), value > 0 {
            return value << 20
        }
        return defaultMaxAddressBytes
    }

    /// The address-space limit without an override.
    public static let defaultMaxAddressBytes = 2048 << 20
}
