import Foundation

/// What a build did.
public struct SiteReport: Sendable {
    /// HTML pages written.
    public var pages: Int
    /// Document pages among them.
    public var documentPages: Int
    /// Diagrams rendered by Graphviz (cache misses).
    public var diagramsRendered: Int
    /// Diagrams taken from the cache.
    public var diagramsCached: Int
    /// Inputs that failed (each has an error page): `file:line:col: message`.
    public var failures: [String]
    /// Diagrams Graphviz could not render (their figure shows an error box): `page: caption: message`.
    public var diagramFailures: [String]
    /// Seconds per step, in step order.
    public var stepSeconds: [(String, Double)]
}
