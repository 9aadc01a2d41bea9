import Foundation
import NibTestSupport
import Testing

/// End-to-end: the built `nibviz` on an `.ipa` written by the tests (`CompiledFixtures.writeIPA`),
/// read as the folder it holds — by `inspect`, `render`, `simulate`, `diff` and `site` — without
/// writing into the user's folders and leaving no extracted files behind.
@Suite struct AppArchiveCommandTests {
    /// A folder with `Demo.ipa`, and a private temporary folder the runs extract into.
    struct Setup {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-ipa-cli-\(UUID().uuidString)")
        var temporary: URL { folder.appendingPathComponent("tmp") }
        var project: URL { folder.appendingPathComponent("project") }

        init() throws {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            try CompiledFixtures.writeIPA(at: project.appendingPathComponent("Demo.ipa"))
        }

        func run(_ arguments: [String]) throws -> CommandResult {
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            return try runNibviz(arguments, currentDirectory: project, environment: environment)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// What the runs left: nothing in the temporary folder, only the archive (and outputs asked for) in the project.
        func leftovers() -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["?"]
        }
    }

    @Test func inspectReadsTheArchiveAsAFolderNamedAsTyped() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let result = try setup.run(["inspect", "Demo.ipa", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let names = (json["files"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(
            names == [
                "Demo.ipa/Payload/Demo.app/Base.lproj/Main.storyboardc",
                "Demo.ipa/Payload/Demo.app/Frameworks/Prefs.framework/Resources/Preferences.nib/keyedobjects.nib",
                "Demo.ipa/Payload/Demo.app/LoginView.nib",
            ])
        let again = try setup.run(["inspect", "Demo.ipa", "--format", "json"])
        #expect(again.stdout == result.stdout, "deterministic")
        #expect(setup.leftovers().isEmpty, "\(setup.leftovers())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.project.path) == ["Demo.ipa"])
    }

    @Test func aDocumentInsideTheArchiveIsInspectedRenderedSimulatedAndDiffed() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let storyboard = "Demo.ipa/Payload/Demo.app/Base.lproj/Main.storyboardc"
        let inspect = try setup.run(["inspect", storyboard])
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.output.hasPrefix("file: \(storyboard)\n"), "\(inspect.output)")
        let render = try setup.run(["render", storyboard, "--diagram", "flow", "-T", "svg"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.output.contains("<svg") && render.output.contains("LoginViewController"))
        let simulate = try setup.run(["simulate", "Demo.ipa/Payload/Demo.app/LoginView.nib"])
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.output.contains("awakeFromNib"))
        let diff = try setup.run(["diff", "Demo.ipa/Payload/Demo.app/LoginView.nib", storyboard, "--format", "json"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(setup.leftovers().isEmpty, "\(setup.leftovers())")
    }

    @Test func aSiteBuildsFromTheArchive() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let result = try setup.run(["site", "Demo.ipa", "-o", "site"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages =
            FileManager.default.enumerator(atPath: setup.project.appendingPathComponent("site/documents").path)?.allObjects as? [String]
            ?? []
        #expect(pages.contains("Demo.ipa/Payload/Demo.app/LoginView.nib.html"), "\(pages)")
        #expect(pages.contains { $0.hasPrefix("Demo.ipa/Payload/Demo.app/Base.lproj/Main.storyboardc/") }, "\(pages)")
        #expect(setup.leftovers().isEmpty, "\(setup.leftovers())")
    }

    @Test func aHostileArchiveIsALocatedErrorAndWritesNothing() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let nib = [UInt8](NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()))
        try ZipFixture.write(
            [ZipFixture.Entry("Payload/Demo.app/", .folder), ZipFixture.Entry("Payload/Demo.app/../../../../evil.nib", .file(nib))],
            to: setup.project.appendingPathComponent("Evil.ipa"))
        let result = try setup.run(["inspect", "Evil.ipa"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: Evil.ipa: byte "), "\(result.stderr)")
        #expect(result.stderr.contains("climbs out"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.folder.appendingPathComponent("evil.nib").path))
        #expect(setup.leftovers().isEmpty, "\(setup.leftovers())")
    }

    /// Entry names are split on bytes: a combining mark after a `/` (one grapheme to Swift's
    /// Character view) must not hide the separator before it, nor a `..` component behind it.
    @Test func aClimbingEntryBehindACombiningMarkIsRefused() throws {
        let setup = try Setup()
        defer { setup.remove() }
        let nib = [UInt8](NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()))
        for entry in ["Payload/Demo.app/../../../../\u{301}evil.nib", "/\u{301}evil.nib"] {
            try ZipFixture.write(
                [ZipFixture.Entry("Payload/Demo.app/", .folder), ZipFixture.Entry(entry, .file(nib))],
                to: setup.project.appendingPathComponent("Evil.ipa"))
            let result = try setup.run(["inspect", "Evil.ipa"])
            #expect(result.status == 1, "\(entry): \(result.stderr)")
            #expect(result.stderr.contains("climbs out") || result.stderr.contains("absolute path"), "\(result.stderr)")
            #expect(setup.leftovers().isEmpty, "\(setup.leftovers())")
        }
    }
}
