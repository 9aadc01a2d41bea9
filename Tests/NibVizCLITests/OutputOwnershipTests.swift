import Foundation
import NibTestSupport
import Testing

/// `-o` for folders (site, review, render-corpus): nibviz replaces only a folder that is missing,
/// empty or carries its marker, never deletes a file it did not write, and refuses outright the
/// root, the home folder, a git work tree and anything holding an input.
@Suite(
    "output folder ownership",
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct OutputOwnershipTests {
    @Test func siteAndReviewIntoTheGitRootAreRefusedAndNothingIsDeleted() throws {
        let scratch = try OutputScratch("gitroot")
        defer { scratch.remove() }
        try scratch.gitInit()
        try scratch.copyFixture("CardView.xib", to: "CardView.xib")
        try scratch.write("README.md", "mine\n")
        let before = scratch.listing()
        for arguments in [["site", ".", "-o", "."], ["review", "-o", "."], ["render-corpus", ".", "-o", "."]] {
            for force in [false, true] {
                let result = try runNibviz(arguments + (force ? ["--force"] : []), currentDirectory: scratch.root)
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains("refusing to write to"), "\(result.stderr)")
                #expect(scratch.listing() == before, "\(arguments) changed the work tree")
            }
        }
        let dotGit = try runNibviz(["render-corpus", ".", "-o", ".git"], currentDirectory: scratch.root)
        #expect(dotGit.status == 1 && dotGit.stderr.contains(".git folder"), "\(dotGit.stderr)")
        #expect(scratch.listing() == before)
    }

    @Test func aFolderHoldingAUsersFileIsRefusedNamingTheFolderAndTheFile() throws {
        let scratch = try OutputScratch("foreign")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        try scratch.write("docs/notes.txt", "my notes\n")
        let result = try scratch.site(["in/CardView.xib", "-o", "docs/"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("docs") && result.stderr.contains("notes.txt"), "\(result.stderr)")
        #expect(result.stderr.contains("nibviz did not write"), "\(result.stderr)")
        #expect(scratch.listing() == ["docs", "docs/notes.txt", "in", "in/CardView.xib"], "no lock, staging or output left behind")
        #expect(scratch.read("docs/notes.txt") == "my notes\n")
    }

    @Test func forceWritesAroundTheUsersFilesAndNeverOverwritesOne() throws {
        let scratch = try OutputScratch("force")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        try scratch.copyFixture("Prefs.xib", to: "in/Prefs.xib")
        try scratch.write("docs/notes.txt", "my notes\n")
        let first = try scratch.site(["in", "-o", "docs", "--force"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(scratch.read("docs/notes.txt") == "my notes\n")
        #expect(scratch.exists("docs/index.html") && scratch.exists("docs/documents/in/Prefs.xib.html"))
        let marker = try #require(scratch.read("docs/.nibviz-output"))
        #expect(marker.contains("\nindex.html\n") && !marker.contains("notes.txt"))
        // Without --force the folder is still not nibviz's alone.
        let refused = try scratch.site(["in", "-o", "docs"])
        #expect(refused.status == 1 && refused.stderr.contains("notes.txt"), "\(refused.stderr)")
        // A rebuild with --force removes nibviz's own stale page, keeps the user's file.
        try FileManager.default.removeItem(atPath: scratch.path("in/Prefs.xib"))
        let second = try scratch.site(["in", "-o", "docs", "--force"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!scratch.exists("docs/documents/in/Prefs.xib.html") && scratch.exists("docs/documents/in/CardView.xib.html"))
        #expect(scratch.read("docs/notes.txt") == "my notes\n")
        // A user's file where nibviz would write one is never overwritten, even with --force.
        try scratch.write("mine/index.html", "my page\n")
        let blocked = try scratch.site(["in", "-o", "mine", "--force"])
        #expect(
            blocked.status == 1 && blocked.stderr.contains("mine/index.html") && blocked.stderr.contains("in the way"), "\(blocked.stderr)")
        #expect(scratch.read("mine/index.html") == "my page\n")
        #expect(scratch.listing("mine") == ["index.html"])
    }

    /// A marker is a file anyone can write: one listing names outside its folder (`../x`, or
    /// `../◌́x`, whose `/` Swift's Character view merges with the mark) makes neither a
    /// replacing build nor a `--force` merge delete those files.
    @Test func aMarkerListingFilesOutsideItsFolderDeletesNoneOfThem() throws {
        let scratch = try OutputScratch("crafted")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        let outside = ["victim.txt", "\u{301}victim.txt"]
        for force in [false, true] {
            for name in outside { try scratch.write(name, "not nibviz's\n") }
            try scratch.write("docs/index.html", "old\n")
            if force { try scratch.write("docs/notes.txt", "my notes\n") }
            let listed = outside.map { "../" + $0 }.joined(separator: "\n")
            try scratch.write("docs/.nibviz-output", "nibviz output folder\nkind: output\nversion: 0\nfiles:\nindex.html\n\(listed)\n")
            let result = try scratch.site(["in", "-o", "docs"] + (force ? ["--force"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            for name in outside { #expect(scratch.read(name) == "not nibviz's\n", "force \(force): \(name) deleted") }
            #expect(scratch.exists("docs/documents/in/CardView.xib.html"))
            let marker = try #require(scratch.read("docs/.nibviz-output"))
            #expect(!marker.contains("victim"), "the new marker lists nothing outside")
            try FileManager.default.removeItem(atPath: scratch.path("docs"))
        }
    }

    @Test func aFolderNibvizWroteIsReplacedWholeAndItsStaleFilesGo() throws {
        let scratch = try OutputScratch("replace")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        try scratch.copyFixture("Prefs.xib", to: "in/Prefs.xib")
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        #expect(try scratch.site(["in", "-o", "out"]).status == 0, "an empty folder is taken")
        #expect(scratch.exists("out/documents/in/Prefs.xib.html"))
        try FileManager.default.removeItem(atPath: scratch.path("in/Prefs.xib"))
        let second = try scratch.site(["in", "-o", "out"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!scratch.exists("out/documents/in/Prefs.xib.html") && scratch.exists("out/documents/in/CardView.xib.html"))
        #expect(scratch.listing().filter { $0.hasPrefix(".") }.isEmpty, "no staging folder or lock file left: \(scratch.listing())")
    }

    @Test func anOutputThatIsOrHoldsAnInputIsRefusedEvenWithForce() throws {
        let scratch = try OutputScratch("ancestor")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "project/ui/CardView.xib")
        let before = scratch.listing()
        for output in ["project", "project/ui", "."] {
            let result = try scratch.site(["project/ui/CardView.xib", "-o", output, "--force"])
            #expect(result.status == 1, "\(output)")
            #expect(result.stderr.contains("holds the input") && result.stderr.contains("project/ui/CardView.xib"), "\(result.stderr)")
        }
        let sameFile = try runNibviz(
            ["render", "project/ui/CardView.xib", "-o", "project/ui/CardView.xib"], currentDirectory: scratch.root)
        #expect(sameFile.status == 1 && sameFile.stderr.contains("it is the input"), "\(sameFile.stderr)")
        #expect(scratch.listing() == before)
    }

    @Test func theHomeFolderAndTheRootAreRefusedAndTildeIsJustAName() throws {
        let scratch = try OutputScratch("home")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "work/CardView.xib")
        try scratch.write("home/.profile", "mine\n")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch.path("home")
        for output in [scratch.path("home"), scratch.root.path, "/"] {
            let result = try runNibviz(
                ["render-corpus", "work", "-o", output, "--force"], currentDirectory: scratch.root, environment: environment)
            #expect(result.status == 1, "\(output)")
            #expect(result.stderr.contains("home folder") || result.stderr.contains("root folder"), "\(result.stderr)")
        }
        #expect(scratch.listing("home") == [".profile"])
        let tilde = try runNibviz(["render-corpus", "work", "-o", "~"], currentDirectory: scratch.root, environment: environment)
        #expect(tilde.status == 0, "\(tilde.stderr)")
        #expect(scratch.exists("~/CardView-xib.graph.svg") && scratch.exists("~/.nibviz-output"))
        #expect(scratch.listing("home") == [".profile"])
    }

    @Test func theDiagramCacheLivesInsideTheOutputOrTheNamedFolder() throws {
        let scratch = try OutputScratch("cache")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        #expect(try scratch.site(["in", "-o", "site/public"]).status == 0)
        // Packed (#17): one pack of SVGs and an index of `key pack offset length` lines.
        let cached = scratch.listing("site/public/.nibviz-cache")
        #expect(cached.contains("index") && cached.contains { $0.hasPrefix("pack-") && $0.hasSuffix(".svgs") }, "\(cached)")
        let entries = (scratch.read("site/public/.nibviz-cache/index") ?? "").split(separator: "\n")
        #expect(!entries.isEmpty && entries.allSatisfy { $0.split(separator: " ").count == 4 })
        #expect(scratch.listing("site") == scratch.listing("site").filter { $0.hasPrefix("public") }, "nothing beside the output")
        // Each build carries the entries it used into the new output: the third still renders nothing.
        for _ in 0..<2 {
            let again = try scratch.site(["in", "-o", "site/public"])
            // Either up to date (nothing hashed differently) or rebuilt from the cache alone.
            #expect(
                again.stderr.contains("diagrams rendered 0,") || again.stderr.contains("the site is up to date"),
                "\(again.stderr)")
        }
        #expect(scratch.listing("site/public/.nibviz-cache") == cached)
        let named = try scratch.site(["in", "-o", "other", "--cache", "my-cache"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(!scratch.exists("other/.nibviz-cache"))
        #expect(scratch.listing("my-cache").filter { $0.hasSuffix(".svg") }.count == entries.count)
        #expect(scratch.read("my-cache/.nibviz-output")?.contains("kind: cache") == true)
        try scratch.write("foreign-cache/keep.txt", "mine\n")
        let foreign = try scratch.site(["in", "-o", "third", "--cache", "foreign-cache"])
        #expect(foreign.status == 1 && foreign.stderr.contains("keep.txt"), "\(foreign.stderr)")
    }

    @Test func reviewIntoAFolderHoldingAUsersFileIsRefusedAndForceKeepsTheFile() throws {
        let scratch = try OutputScratch("review")
        defer { scratch.remove() }
        try scratch.gitInit()
        let git = { (arguments: [String]) throws -> Void in
            let result = try runCommand(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-c", "user.name=nibviz", "-c", "user.email=nibviz@example.invalid", "-c", "commit.gpgsign=false"] + arguments,
                currentDirectory: scratch.root)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try scratch.copyFixture("CardView.xib", to: "View.xib")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "first"])
        try FileManager.default.removeItem(atPath: scratch.path("View.xib"))
        try scratch.copyFixture("Prefs.xib", to: "View.xib")
        try git(["commit", "-q", "-am", "second"])
        try scratch.write("docs/notes.txt", "my notes\n")
        let refused = try runNibviz(["review", "-o", "docs"], currentDirectory: scratch.root)
        #expect(refused.status == 1 && refused.stderr.contains("docs") && refused.stderr.contains("notes.txt"), "\(refused.stderr)")
        #expect(scratch.listing("docs") == ["notes.txt"])
        let forced = try runNibviz(["review", "-o", "docs", "--force"], currentDirectory: scratch.root)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(scratch.read("docs/notes.txt") == "my notes\n")
        #expect(scratch.read("docs/review.md")?.contains("View.xib") == true)
        #expect(scratch.listing("docs").contains("View.xib.diff.svg"))
    }
}
