import Foundation
import NibTestSupport
import Testing

/// End to end: the built `nibviz` binary (`swift build --product nibviz` first).
@Suite struct ReviewCommandTests {
    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nibviz-review-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @discardableResult
    private func git(_ arguments: [String], in folder: URL) throws -> CommandResult {
        let result = try runCommand(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "git", "-c", "user.name=nibviz", "-c", "user.email=nibviz@example.invalid", "-c",
                "commit.gpgsign=false",
            ] + arguments,
            currentDirectory: folder)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result
    }

    private func storyboardAndXib() -> (storyboard: String, xib: String)? {
        guard
            let (_, storyboard) = CorpusEdits.pick(
                "CocoaTouch.Storyboard.XIB", { $0.count("segue") >= 2 && $0.count("scene") >= 3 }),
            let (_, xib) = CorpusEdits.pick("CocoaTouch.XIB", { $0.count("outlet") >= 3 })
        else { return nil }
        return (storyboard, xib)
    }

    @Test func reviewWritesAReportAndTwoDiagramsPerChangedDocument() throws {
        guard let (storyboard, xib) = storyboardAndXib() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let repo = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repo) }
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("App/Base.lproj"), withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main"], in: repo)
        try Data(storyboard.utf8).write(
            to: repo.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        try Data(xib.utf8).write(to: repo.appendingPathComponent("App/Login View.xib"))
        try Data("notes\n".utf8).write(to: repo.appendingPathComponent("README.md"))
        try git(["add", "-A"], in: repo)
        try git(["commit", "-q", "-m", "first"], in: repo)

        let segueAdded = try #require(
            CorpusEdits.replacingFirst(#"<segue destination="([^"]+)"[^>]*/>"#, in: storyboard) {
                match, ns in
                ns.substring(with: match.range)
                    + "<segue destination=\"\(ns.substring(with: match.range(at: 1)))\" kind=\"presentation\" identifier=\"nibvizAdded\" id=\"nbz-Zz-001\"/>"
            })
        let outletRemoved = try #require(
            CorpusEdits.replacingFirst(#"\s*<outlet [^>]*/>"#, in: xib) { _, _ in "" })
        try Data(segueAdded.utf8).write(
            to: repo.appendingPathComponent("App/Base.lproj/Main.storyboard"))
        try Data(outletRemoved.utf8).write(to: repo.appendingPathComponent("App/Login View.xib"))
        try Data("more notes\n".utf8).write(to: repo.appendingPathComponent("README.md"))
        try git(["commit", "-q", "-am", "second"], in: repo)

        // The git diff driver set-up of site/pages/reference/code-review.md.
        try Data("*.xib diff=nibviz\n*.storyboard diff=nibviz\n".utf8).write(to: repo.appendingPathComponent(".gitattributes"))
        try git(["config", "diff.nibviz.textconv", "\(TestPaths.nibviz.path) textconv"], in: repo)
        let textDiff = try git(["diff", "--no-color", "HEAD~1", "--", "App/Login View.xib"], in: repo).output
        let changed = textDiff.split(separator: "\n").filter {
            ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++")
        }
        #expect(changed.count == 1 && changed.first?.hasPrefix("-outlet File's Owner") == true, "\(textDiff)")

        let out = repo.appendingPathComponent("review-out")
        let result = try runNibviz(["review", "--repo", repo.path, "-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                ".nibviz-output", "App__Base.lproj__Main.storyboard.diff.png", "App__Base.lproj__Main.storyboard.diff.svg",
                "App__Login_View.xib.diff.png", "App__Login_View.xib.diff.svg", "review.md",
            ])
        let report = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(report.hasPrefix("<!-- nibviz-review -->\n"))
        #expect(report.contains("| <code>App/Base.lproj/Main.storyboard</code> | modified | 1 segue changed |  |"))
        #expect(report.contains("| <code>App/Login View.xib</code> | modified | 1 outlet changed; 1 risk | ⚠️ 1 |"))
        #expect(report.contains("```mermaid\nflowchart LR\n"))
        #expect(report.contains("![semantic diff of App/Login View.xib](App__Login_View.xib.diff.png)"))
        #expect(report.contains("nibvizAdded"))
        #expect(!report.contains("README"))
        let png = try Data(contentsOf: out.appendingPathComponent("App__Login_View.xib.diff.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = try String(
            contentsOf: out.appendingPathComponent("App__Base.lproj__Main.storyboard.diff.svg"),
            encoding: .utf8)
        #expect(svg.contains("diff-added"))
        #expect(svg.contains("prefers-color-scheme: dark"))

        // Renames and deletions are listed too; the folder is replaced, not merged.
        try git(["mv", "App/Login View.xib", "App/SignIn.xib"], in: repo)
        try git(["rm", "-q", "App/Base.lproj/Main.storyboard"], in: repo)
        try git(["commit", "-q", "-m", "third"], in: repo)
        let second = try runNibviz(["review", "--repo", repo.path, "-o", out.path])
        #expect(second.status == 0, "\(second.stderr)")
        let again = try String(contentsOf: out.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(
            again.contains(
                "| <code>App/SignIn.xib</code> | renamed from <code>App/Login View.xib</code> | no semantic change |  |"))
        #expect(again.contains("| <code>App/Base.lproj/Main.storyboard</code> | removed | deleted: "))
        #expect(
            !FileManager.default.fileExists(
                atPath: out.appendingPathComponent("App__Login_View.xib.diff.png").path))
    }

    @Test func reviewFailsOnlyOnErrors() throws {
        let repo = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: repo) }
        try git(["init", "-q"], in: repo)
        let result = try runNibviz([
            "review", "--repo", repo.path, "--base", "no-such-rev", "-o",
            repo.appendingPathComponent("out").path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: git diff"))
        let usage = try runNibviz(["review"])
        #expect(usage.status == 64)
    }

    @Test func diffOfIdenticalDocumentsSaysNoSemanticChangeAndExitsZero() throws {
        guard let (_, xib) = storyboardAndXib() else {
            print("skipped: no corpus (../shared/corpus)")
            return
        }
        let (old, new) = try CorpusEdits.write(
            old: xib, new: CorpusEdits.regeneratingIDs(xib), name: "a.xib")
        defer { try? FileManager.default.removeItem(at: old.deletingLastPathComponent()) }
        let result = try runNibviz(["diff", old.path, new.path])
        #expect(result.status == 0)
        #expect(result.output == "\(old.path) → \(new.path): no semantic change\n")
        let markdown = try runNibviz(["diff", old.path, new.path, "--markdown"])
        #expect(markdown.output.hasSuffix("— no semantic change\n"))
        let svg = try runNibviz(["diff", old.path, new.path, "-T", "svg"])
        #expect(svg.output.contains("<svg"))
        let textconv = try runNibviz(["textconv", old.path])
        #expect(textconv.status == 0)
        #expect(textconv.output == (try runNibviz(["textconv", new.path])).output)
        // -o replaces an existing file.
        let target = old.deletingLastPathComponent().appendingPathComponent("diff.dot").path
        for _ in 0..<2 { #expect(try runNibviz(["diff", old.path, new.path, "-T", "dot", "-o", target]).status == 0) }
        #expect((try? String(contentsOfFile: target, encoding: .utf8))?.hasPrefix("digraph") == true)
        let missing = try runNibviz(["diff", old.path, "/nonexistent.xib"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: /nonexistent.xib: cannot read file"))
    }

    /// git passes textconv files; a user may name a `.nib` bundle: it reads the document the
    /// bundle holds, as `inspect` does, and a folder that is no bundle is a clear error.
    @Test func textconvOfANibBundleIsTheTextOfTheNibItHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-textconv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Preferences.nib")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let inner = bundle.appendingPathComponent("keyedobjects.nib")
        try Data(KeyedArchiveWriter.encodeXML(CompiledFixtures.appKitPreferences())).write(to: inner)
        let whole = try runNibviz(["textconv", bundle.path])
        #expect(whole.status == 0 && whole.output.hasPrefix("# nibviz textconv:"), "\(whole.stderr)")
        #expect(whole.output == (try runNibviz(["textconv", inner.path])).output)
        let plain = try runNibviz(["textconv", folder.path])
        #expect(plain.status == 1 && plain.stderr.contains("a folder, not an Interface Builder document"), "\(plain.stderr)")
    }
}
