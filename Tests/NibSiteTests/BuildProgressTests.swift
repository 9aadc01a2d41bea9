import Foundation
import NibTestSupport
import Synchronization
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// What a site build writes on stderr: with step logging off only warnings and errors, never
/// the build's chatter (counts, cache use).
@Suite("BuildProgress", .serialized)
struct BuildProgressTests {
    /// Builds a site from one concept page whose timeline names no scenario (a warning), with
    /// step logging on or off; returns what the build wrote.
    static func build(logSteps: Bool) throws -> String {
        let directory = SiteFixtures.temporaryDirectory("progress-\(logSteps)")
        var content = SiteContent()
        content.rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot)
        content.conceptPages = [
            SiteContent.ConceptSource(path: "orphan.md", markdown: "# Orphan\n\n```timeline no-such-scenario A run\n1. nothing\n```\n")
        ]
        let options = SiteOptions(
            siteRoot: SiteFixtures.siteRoot, output: directory.appendingPathComponent("public"), useCache: false, version: "test",
            showProgress: false, logSteps: logSteps)
        let builder = SiteBuilder(options: options, backend: InProcessBackend(), content: content)
        let written = Mutex("")
        builder.progress = BuildProgress(showBar: false, logSteps: logSteps) { text in written.withLock { $0 += text } }
        _ = try builder.build()
        return written.withLock { $0 }
    }

    @Test func withoutStepLoggingOnlyWarningsAreWritten() throws {
        let text = try Self.build(logSteps: false)
        #expect(text.contains("warning: concepts/orphan.html: timeline no-such-scenario has no scenario that runs it"), "\(text)")
        #expect(!text.contains("diagrams:") && !text.contains("rendered ") && !text.contains("[1/"), "\(text)")
    }

    @Test func withStepLoggingStepsAndNotesAreWrittenToo() throws {
        let text = try Self.build(logSteps: true)
        #expect(text.contains("[1/") && text.contains("diagrams:") && text.contains("rendered "), "\(text)")
        #expect(text.contains("warning: concepts/orphan.html: timeline no-such-scenario"), "\(text)")
    }
}
