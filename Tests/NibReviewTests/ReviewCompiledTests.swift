import Foundation
import NibReview
import NibTestSupport
import Testing

/// `review` on compiled nibs in a temporary git repository: a changed `.nib` file, a
/// `.storyboardc` whose scene nib changed (its files are one document), an added nib and a
/// removed nib bundle, all written by the test encoders; and `textconv` as git's diff driver.
@Suite struct ReviewCompiledTests {
    static func git(_ arguments: [String], in folder: URL) throws {
        try ReviewGitTests.git(arguments, in: folder)
    }

    /// Base: `Build/LoginView.nib`, `Build/Main.storyboardc`, `Build/Prefs.nib/keyedobjects.nib`.
    /// Head: the view without its connections, the login scene's segue renamed `showHome` →
    /// `goHome`, `Build/Extra.nib` added, the `Prefs.nib` bundle removed.
    static func repository() throws -> URL {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-review-compiled-\(UUID().uuidString)")
        let build = repo.appendingPathComponent("Build")
        try FileManager.default.createDirectory(at: build.appendingPathComponent("Prefs.nib"), withIntermediateDirectories: true)
        try Self.git(["init", "-q", "-b", "main"], in: repo)
        try Data(NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView())).write(to: build.appendingPathComponent("LoginView.nib"))
        try CompiledFixtures.writeStoryboardc(at: build.appendingPathComponent("Main.storyboardc"))
        try Data(KeyedArchiveWriter.encode(CompiledFixtures.appKitPreferences()))
            .write(to: build.appendingPathComponent("Prefs.nib/keyedobjects.nib"))
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "base"], in: repo)
        var view = CompiledFixtures.uikitLoginView()
        if case .object(_, let fields) = view.items[0] { view.setRoot(fields.filter { $0.0 != "UINibConnectionsKey" }) }
        try Data(NIBArchiveWriter.encode(view)).write(to: build.appendingPathComponent("LoginView.nib"))
        let scene = CompiledFixtures.uikitScene(
            customClass: "LoginViewController", storyboardIdentifier: "Login", viewNib: "Login-view-v1a-2b-c3d", title: "Sign in",
            segues: [(kind: "Show", id: "goHome", to: "UIViewController-abc-12-xyz")], navigation: "Nav",
            trigger: "UpstreamPlaceholder-q1w-2e-r3t")
        try Data(NIBArchiveWriter.encode(scene)).write(to: build.appendingPathComponent("Main.storyboardc/Nav.nib"))
        try Data(NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView(title: "Extra")))
            .write(to: build.appendingPathComponent("Extra.nib"))
        try FileManager.default.removeItem(at: build.appendingPathComponent("Prefs.nib"))
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "head"], in: repo)
        return repo
    }

    @Test func changedCompiledNibsAreListedOncePerDocument() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let changed = try GitRepository(directory: repo).changedDocuments(base: "HEAD~1", head: "HEAD")
        #expect(
            changed.map { "\($0.status.rawValue) \($0.path)" } == [
                "added Build/Extra.nib", "modified Build/LoginView.nib", "modified Build/Main.storyboardc", "removed Build/Prefs.nib",
            ])
    }

    @Test func reviewReportsWhatChangedInsideCompiledNibs() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let out = repo.appendingPathComponent("review-out")
        let result = try runNibviz(["review", "--repo", repo.path, "--base", "HEAD~1", "--head", "HEAD", "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(report.contains("<code>showHome</code> → <code>goHome</code>"), "\(report)")
        #expect(report.contains("| <code>Build/Extra.nib</code> | added |"), "\(report)")
        #expect(report.contains("| <code>Build/Prefs.nib</code> | removed |"), "\(report)")
        #expect(report.contains("nameLabel"), "\(report)")
    }

    @Test func aBundleWhoseDesignableNibChangedIsReviewedThroughItAlone() throws {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-review-designable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: repo) }
        let bundle = repo.appendingPathComponent("Legacy.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Self.git(["init", "-q", "-b", "main"], in: repo)
        for (round, message) in ["base", "head"].enumerated() {
            try Data("<archive round=\"\(round)\"/>".utf8).write(to: bundle.appendingPathComponent("designable.nib"))
            try Data([UInt8](repeating: UInt8(round), count: 8)).write(to: bundle.appendingPathComponent("keyedobjects.nib"))
            try Self.git(["add", "-A"], in: repo)
            try Self.git(["commit", "-q", "-m", message], in: repo)
        }
        let changed = try GitRepository(directory: repo).changedDocuments(base: "HEAD~1", head: "HEAD")
        #expect(changed.map(\.path) == ["Legacy.nib/designable.nib"])
    }

    /// `git diff HEAD~1 HEAD -- path` in `repo` with nibviz as the `*.nib` diff driver.
    static func textconvDiff(_ repo: URL, _ path: String) throws -> CommandResult {
        try Data("*.nib diff=nibviz\n".utf8).write(to: repo.appendingPathComponent(".gitattributes"))
        try Self.git(["config", "diff.nibviz.textconv", TestPaths.nibviz.path + " textconv"], in: repo)
        return try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "diff", "--no-color", "HEAD~1", "HEAD", "--", path], currentDirectory: repo)
    }

    @Test func textconvMakesGitDiffOfACompiledNibReadable() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let diff = try Self.textconvDiff(repo, "Build/LoginView.nib")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.output.contains("-") && diff.output.contains("nameLabel"), "\(diff.output)")
        #expect(!diff.output.contains("Binary files"), "\(diff.output)")
    }
}
