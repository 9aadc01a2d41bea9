import Foundation
import NibReview
import NibTestSupport
import Testing

/// `review` on a `.nib` bundle holding both `designable.nib` and `keyedobjects.nib`, in a git
/// repository the test makes: when only the compiled nib changed, the review reads it (at both
/// revisions) and says so; when `designable.nib` changed, that is what is reviewed.
@Suite struct ReviewNibBundleTests {
    static let designable = TestPaths.packageRoot.appendingPathComponent("Tests/NibParsingTests/__Fixtures__/archive-macos.designable.nib")

    /// Base: `Build/Prefs.nib/{designable,keyedobjects}.nib`; head: the same designable.nib, the
    /// compiled nib rebuilt without its `save:` action.
    static func repository() throws -> URL {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-review-bundle-\(UUID().uuidString)")
        let bundle = repo.appendingPathComponent("Build/Prefs.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try ReviewCompiledTests.git(["init", "-q", "-b", "main"], in: repo)
        try Data(contentsOf: designable).write(to: bundle.appendingPathComponent("designable.nib"))
        for (omitted, message) in [([String](), "base"), (["save:"], "head")] {
            let nib = KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences(omitting: Set(omitted)))
            try Data(nib).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
            try ReviewCompiledTests.git(["add", "-A"], in: repo)
            try ReviewCompiledTests.git(["commit", "-q", "-m", message], in: repo)
        }
        return repo
    }

    @Test func onlyTheCompiledNibChangedSoTheReviewReadsItAndSaysWhichFile() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let changed = try GitRepository(directory: repo).changedDocuments(base: "HEAD~1", head: "HEAD")
        #expect(changed.map(\.path) == ["Build/Prefs.nib"])
        let out = repo.appendingPathComponent("review-out")
        let result = try runNibviz(["review", "--repo", repo.path, "--base", "HEAD~1", "--head", "HEAD", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(!report.contains("No semantic change"), "\(report)")
        #expect(report.contains("save:"), "the removed action is reported: \(report)")
        #expect(report.contains("read the compiled Build/Prefs.nib/keyedobjects.nib"), "\(report)")
        #expect(report.contains("designable.nib is unchanged"), "\(report)")
    }

    @Test func whenDesignableNibAlsoChangedItIsWhatIsReviewed() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let designable = repo.appendingPathComponent("Build/Prefs.nib/designable.nib")
        let edited = try String(contentsOf: designable, encoding: .utf8).replacingOccurrences(of: ">Main<", with: ">Settings<")
        try Data(edited.utf8).write(to: designable)
        try ReviewCompiledTests.git(["commit", "-q", "-a", "-m", "both"], in: repo)
        let changed = try GitRepository(directory: repo).changedDocuments(base: "HEAD~2", head: "HEAD")
        #expect(changed.map(\.path) == ["Build/Prefs.nib/designable.nib"])
        let out = repo.appendingPathComponent("review-out")
        let result = try runNibviz(["review", "--repo", repo.path, "--base", "HEAD~2", "--head", "HEAD", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(!report.contains("read the compiled"), "\(report)")
        #expect(report.contains("| <code>Build/Prefs.nib/designable.nib</code> | modified | 1 text changed |"), "\(report)")
    }

    @Test func textconvShowsTheCompiledNibsChangeInGitDiff() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let diff = try ReviewCompiledTests.textconvDiff(repo, "Build/Prefs.nib")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.output.contains("keyedobjects.nib") && diff.output.contains("save:"), "\(diff.output)")
        #expect(!diff.output.contains("Binary files"), "\(diff.output)")
    }
}
