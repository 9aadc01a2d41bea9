/// A build failure that names the pipeline step it happened in.
public struct SiteBuildError: Error, CustomStringConvertible, Sendable {
    /// The step name.
    public var step: String
    /// What went wrong.
    public var message: String
    /// Every broken link, when the link check failed the build.
    public var brokenLinks: [String]

    /// Creates an error.
    public init(step: String, message: String, brokenLinks: [String] = []) {
        self.step = step
        self.message = message
        self.brokenLinks = brokenLinks
    }

    /// `step "<name>": message`.
    public var description: String { "site step \"\(step)\" failed: \(message)" }
}
