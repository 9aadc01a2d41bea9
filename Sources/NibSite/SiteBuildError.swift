/// A build failure that names the pipeline step it happened in.
public struct SiteBuildError: Error, CustomStringConvertible, Sendable {
    /// The step name.
    public var step: String
    /// What went wrong.
    public var message: String
    /// Every broken link, when the link check failed the build.
    public var brokenLinks: [String]
    /// Whether a document parsed to plan its pages was not what the summary a previous build
    /// kept of it says (`DocumentRecord.fromSummary`): building again without the kept
    /// summaries gives the site.
    public var keptSummaryStale = false

    /// Creates an error.
    public init(step: String, message: String, brokenLinks: [String] = []) {
        self.step = step
        self.message = message
        self.brokenLinks = brokenLinks
    }

    /// `step "<name>": message`.
    public var description: String { "site step \"\(step)\" failed: \(message)" }
}
