import Foundation
import NibTestSupport
import Testing

/// `nibviz review --base --head` on a temporary git repository, end to end with the built binary.
@Suite struct ReviewGitTests {
    static let fixture = TestPaths.packageRoot.appendingPathComponent("Tests/NibReviewTests/__Fixtures__/review-base.storyboard")

    static let source = """
        import UIKit

        final class ItemsViewController: UIViewController {
            @IBOutlet weak var titleLabel: UILabel!

            @IBAction func open(_ sender: Any) {
                performSegue(withIdentifier: "showDetail", sender: sender)
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                self.titleLabel.text = "Items"
            }
        }

        """

    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> CommandResult {
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=nibviz", "-c", "user.email=nibviz@example.invalid", "-c", "commit.gpgsign=false"] + arguments,
            currentDirectory: folder)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result
    }

    /// A repository with two commits: base, then head with a renamed segue identifier, a
    /// removed outlet and a constraint constant 35 → 55.
    static func repository() throws -> URL {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-review-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: repo.appendingPathComponent("App/Sources"), withIntermediateDirectories: true)
        let base = try String(contentsOf: fixture, encoding: .utf8).replacingOccurrences(of: "HOSTILE_LABEL", with: "Title")
        try git(["init", "-q", "-b", "main"], in: repo)
        try Data(base.utf8).write(to: repo.appendingPathComponent("App/Main.storyboard"))
        try Data(source.utf8).write(to: repo.appendingPathComponent("App/Sources/ItemsViewController.swift"))
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "base"], in: repo)
        let head =
            base
            .replacingOccurrences(of: "identifier=\"showDetail\"", with: "identifier=\"openDetail\"")
            .replacingOccurrences(of: "<outlet property=\"titleLabel\" destination=\"lbl-aa-001\" id=\"out-aa-001\"/>\n", with: "")
            .replacingOccurrences(of: "constant=\"35\"", with: "constant=\"55\"")
        #expect(head != base)
        try Data(head.utf8).write(to: repo.appendingPathComponent("App/Main.storyboard"))
        try git(["commit", "-q", "-am", "head"], in: repo)
        return repo
    }

    @Test func reviewNamesTheRenamedSegueTheRemovedOutletAndTheConstraintAndFailsAsAsked() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let out = repo.appendingPathComponent("review-out")
        let common = ["review", "--repo", repo.path, "--base", "HEAD~1", "--head", "HEAD", "-o", out.path]
        let sources = ["--sources", repo.appendingPathComponent("App/Sources").path]
        let result = try runNibviz(common + sources)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        // The three edits, each with its old and new value.
        #expect(report.contains("<code>showDetail</code> → <code>openDetail</code>"), "\(report)")
        #expect(report.contains("outlet UIViewController .titleLabel -&gt; UIViewController &gt; UIView\\[view\\] &gt; Title"), "\(report)")
        #expect(report.contains("<code>constant=35 relation=equal</code> → <code>constant=55 relation=equal</code>"), "\(report)")
        // Risk notes name the consequence and the code using the old names, file:line.
        #expect(report.contains("Segue identifier renamed \\`showDetail\\` → \\`openDetail\\`"), "\(report)")
        #expect(report.contains("Outlet \\`titleLabel\\` removed"), "\(report)")
        #expect(report.contains("ItemsViewController.swift:7</code>"), "\(report)")
        #expect(report.contains("ItemsViewController.swift:4</code>"), "\(report)")
        #expect(report.contains("ItemsViewController.swift:12</code>"), "\(report)")
        #expect(report.contains("| <code>App/Main.storyboard</code> | modified | 1 outlet, 1 segue, 1 constraint changed; 2 risks | ⚠️ 2 |"))
        #expect(report.contains("```mermaid\nflowchart LR\n"))

        // --fail-on: risk and change both fail this head (exit 2); nothing to review passes.
        #expect(try runNibviz(common + ["--fail-on", "risk"]).status == 2)
        #expect(try runNibviz(common + ["--fail-on", "change"]).status == 2)
        let same = ["review", "--repo", repo.path, "--base", "HEAD", "--head", "HEAD", "-o", out.path]
        #expect(try runNibviz(same + ["--fail-on", "change"]).status == 0)
        // A constraint-only change is a change, not a risk.
        let storyboard = repo.appendingPathComponent("App/Main.storyboard")
        let text = try String(contentsOf: storyboard, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "constant=\"20\"", with: "constant=\"24\"").utf8).write(to: storyboard)
        try Self.git(["commit", "-q", "-am", "constraint only"], in: repo)
        #expect(try runNibviz(common + ["--fail-on", "risk"]).status == 0)
        #expect(try runNibviz(common + ["--fail-on", "change"]).status == 2)
        // A tools-version bump is cosmetic: neither fails.
        let bumped = try String(contentsOf: storyboard, encoding: .utf8)
        try Data(bumped.replacingOccurrences(of: "toolsVersion=\"21507\"", with: "toolsVersion=\"22505\"").utf8).write(to: storyboard)
        try Self.git(["commit", "-q", "-am", "xcode update"], in: repo)
        let cosmetic = try runNibviz(common + ["--fail-on", "change"])
        #expect(cosmetic.status == 0, "\(cosmetic.stderr)")
        let cosmeticReport = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(cosmeticReport.contains("no semantic change (cosmetic only)"))

        // --image-base-url links hosted images; a non-URL is a usage error.
        let hosted = try runNibviz(common + ["--base", "HEAD~3", "--image-base-url", "https://example.com/pr 1/"])
        #expect(hosted.status == 0, "\(hosted.stderr)")
        let hostedReport = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(hostedReport.contains("(https://example.com/pr%201/App__Main.storyboard.diff.png)"), "\(hostedReport)")
        #expect(try runNibviz(common + ["--image-base-url", "javascript:alert(1)"]).status == 64)
        #expect(try runNibviz(common + ["--sources", repo.appendingPathComponent("nope").path]).status == 64)
        // The sources on disk are HEAD's: a review of older commits says so.
        let older = ["review", "--repo", repo.path, "--base", "HEAD~3", "--head", "HEAD~2", "-o", out.path]
        let olderResult = try runNibviz(older + sources)
        #expect(olderResult.status == 0, "\(olderResult.stderr)")
        #expect(
            olderResult.stderr.contains("warning: --sources is read from disk, where the repository has HEAD ("), "\(olderResult.stderr)")
        #expect(!result.stderr.contains("--sources is read from disk"), "a review of HEAD: \(result.stderr)")
    }

    @Test func theTextconvDriverShowsTheThreeEditsAsChangedLines() throws {
        let repo = try Self.repository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try Data("*.storyboard diff=nibviz\n".utf8).write(to: repo.appendingPathComponent(".gitattributes"))
        try Self.git(["config", "diff.nibviz.textconv", "\(TestPaths.nibviz.path) textconv"], in: repo)
        let diff = try Self.git(["diff", "--no-color", "HEAD~1", "HEAD", "--", "App/Main.storyboard"], in: repo).output
        let changed = diff.split(separator: "\n").filter {
            ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
        }
        #expect(changed.count == 5, "\(diff)")  // segue −/+, outlet −, constraint −/+
        #expect(changed.contains { $0.hasPrefix("-segue") && $0.contains("identifier=showDetail") })
        #expect(changed.contains { $0.hasPrefix("+segue") && $0.contains("identifier=openDetail") })
        #expect(changed.contains { $0.hasPrefix("-outlet") && $0.contains(".titleLabel") })
        #expect(changed.contains { $0.hasPrefix("+constraint") && $0.contains("constant=55") })
    }
}
