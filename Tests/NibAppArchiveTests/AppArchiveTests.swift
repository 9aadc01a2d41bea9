import Foundation
import NibModel
import NibOutput
import NibTestSupport
import Testing

@testable import NibAppArchive

/// `.ipa` extraction: the nibs of `Payload/*.app` land in the folder given, in the archive's
/// layout; hostile or broken archives are located errors that write nothing outside it.
@Suite struct AppArchiveTests {
    /// A scratch folder holding `archive.ipa` and the extraction target `out`.
    struct Scratch {
        let scratch: ScratchFolder
        var folder: URL { scratch.url }
        var archive: URL { folder.appendingPathComponent("archive.ipa") }
        var output: URL { folder.appendingPathComponent("out") }

        init() throws { scratch = try ScratchFolder(purpose: "ipa-test") }

        func remove() { scratch.remove() }

        /// Extracts and returns the error's text, or nil when it succeeded.
        func failure(_ limits: AppArchive.Limits = AppArchive.Limits()) -> String? {
            try? FileManager.default.removeItem(at: output)
            do {
                try AppArchive.extract(archive, into: scratch, folder: ["out"], name: "archive.ipa", limits: limits)
                return nil
            } catch let error as LocatedError {
                return error.description
            } catch {
                return "unlocated: \(error)"
            }
        }

        /// Every path written below the scratch folder, besides the archive.
        func written() -> [String] {
            ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).filter {
                $0 != "archive.ipa" && $0 != ScratchMarker.fileName
            }.sorted()
        }
    }

    static let app = ZipFixture.Entry("Payload/Demo.app/", .folder)
    static let nib = [UInt8](NIBArchiveWriter.encode(CompiledFixtures.uikitLoginView()))

    @Test func theNibsOfTheAppAreExtractedInTheArchivesLayoutAndNothingElse() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try CompiledFixtures.writeIPA(at: scratch.archive)
        #expect(scratch.failure() == nil)
        let files = scratch.written().filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent($0).path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        #expect(files.contains("out/Payload/Demo.app/LoginView.nib"))
        #expect(files.contains("out/Payload/Demo.app/Base.lproj/Main.storyboardc/Info.plist"))
        #expect(files.contains("out/Payload/Demo.app/Frameworks/Prefs.framework/Resources/Preferences.nib/keyedobjects.nib"))
        #expect(files.allSatisfy { $0.contains(".nib") || $0.contains(".storyboardc/") }, "skipped: executable, metadata: \(files)")
        let copied = try Data(contentsOf: scratch.output.appendingPathComponent("Payload/Demo.app/LoginView.nib"))
        #expect([UInt8](copied) == Self.nib)
    }

    @Test(arguments: [
        "../evil.nib", "/tmp/evil.nib", "Payload/Demo.app/../../../evil.nib", "Payload/Demo.app/..\\..\\evil.nib",
        "Payload//Demo.app/x.nib", "Payload/./Demo.app/x.nib", "C:/evil.nib",
    ])
    func entryNamesThatClimbOutAreRefusedWithALocatedError(name: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try ZipFixture.write([Self.app, ZipFixture.Entry(name, .file(Self.nib))], to: scratch.archive)
        let failure = try #require(scratch.failure())
        #expect(failure.hasPrefix("archive.ipa: byte "), "\(failure)")
        #expect(failure.contains("entry \(TextQuoting.quote(name))"), "\(failure)")
        #expect(scratch.written().allSatisfy { $0.hasPrefix("out") }, "\(scratch.written())")
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("evil.nib").path))
    }

    @Test func linksAreNeverCreatedNorFollowed() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try ZipFixture.write(
            [
                Self.app, ZipFixture.Entry("Payload/Demo.app/Link.nib", .link("/etc")),
                ZipFixture.Entry("Payload/Demo.app/Link.nib/passwd", .file(Self.nib)),
            ], to: scratch.archive)
        #expect(scratch.failure() == nil)
        let link = scratch.output.appendingPathComponent("Payload/Demo.app/Link.nib")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(FileManager.default.fileExists(atPath: link.appendingPathComponent("passwd").path), "a plain file in a plain folder")
    }

    @Test func aZipBombStopsAtTheRatioAndAnEntryAtItsCap() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 32 MiB of zeros deflate to ~32 KiB: a ratio of ~1000.
        try ZipFixture.write(
            [Self.app, ZipFixture.Entry("Payload/Demo.app/Bomb.nib", .file([UInt8](repeating: 0, count: 32 << 20)))], to: scratch.archive)
        let bomb = try #require(scratch.failure())
        #expect(bomb.contains("zip bomb") && bomb.contains("Bomb.nib"), "\(bomb)")
        var limits = AppArchive.Limits()
        limits.entryBytes = 1000
        try ZipFixture.write([Self.app, ZipFixture.Entry("Payload/Demo.app/Big.nib", .file(Self.nib + Self.nib))], to: scratch.archive)
        let big = try #require(scratch.failure(limits))
        #expect(big.contains("expands past 1000 bytes"), "\(big)")
        limits = AppArchive.Limits()
        limits.entries = 3
        try ZipFixture.write((0..<5).map { ZipFixture.Entry("Payload/Demo.app/\($0).nib", .file(Self.nib)) }, to: scratch.archive)
        #expect(scratch.failure(limits)?.contains("more than 3 entries") == true)
    }

    @Test func everyTruncationOfAnArchiveIsALocatedErrorOrASmallerApp() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try CompiledFixtures.writeIPA(at: scratch.archive)
        let whole = try Data(contentsOf: scratch.archive)
        for cut in stride(from: 0, to: whole.count, by: max(1, whole.count / 60)) {
            try whole.prefix(cut).write(to: scratch.archive)
            if let failure = scratch.failure() {
                if ProcessInfo.processInfo.environment["NIBVIZ_SHOW_ERRORS"] != nil { print("cut \(cut): \(failure)") }
                #expect(failure.hasPrefix("archive.ipa: "), "cut at \(cut): \(failure)")
                #expect(!failure.hasPrefix("unlocated"), "cut at \(cut): \(failure)")
            }
        }
    }

    @Test func anArchiveWithoutAnAppOrNotAZipIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try ZipFixture.write([ZipFixture.Entry("Other/x.nib", .file(Self.nib))], to: scratch.archive)
        #expect(scratch.failure()?.contains("not an app archive: no Payload/<Name>.app/") == true)
        try Data("just text, not a zip".utf8).write(to: scratch.archive)
        #expect(scratch.failure()?.hasPrefix("archive.ipa: byte ") == true)
        try ZipFixture.write(
            [
                Self.app, ZipFixture.Entry("Payload/Demo.app/A.nib", .file(Self.nib)),
                ZipFixture.Entry("Payload/Demo.app/A.nib", .file(Self.nib)),
            ], to: scratch.archive)
        #expect(scratch.failure()?.contains("listed twice") == true)
    }
}

/// The fuzz harness's `.ipa` seed (`Tests/Fuzz/seeds/ipa/demo.ipa`) is `CompiledFixtures.writeIPA`'s
/// archive: it extracts to the same files (zip bytes depend on zlib's version, so the files are
/// compared); written when missing or with `NIBVIZ_UPDATE_GOLDEN=1`.
@Suite struct AppArchiveFuzzSeedTests {
    @Test func theFuzzSeedHoldsTheFixtureApp() throws {
        let seed = TestPaths.packageRoot.appendingPathComponent("Tests/Fuzz/seeds/ipa/demo.ipa")
        let scratch = try AppArchiveTests.Scratch()
        defer { scratch.remove() }
        try CompiledFixtures.writeIPA(at: scratch.archive)
        let update = ProcessInfo.processInfo.environment["NIBVIZ_UPDATE_GOLDEN"] == "1"
        guard !update, FileManager.default.fileExists(atPath: seed.path) else {
            try FileManager.default.createDirectory(at: seed.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: scratch.archive).write(to: seed)
            if !update { Issue.record("fuzz seed ipa/demo.ipa was missing and has been written") }
            return
        }
        func files(of archive: URL, into name: String) throws -> [String: Data] {
            let folder = try AppArchive.extract(archive, into: scratch.scratch, folder: [name], name: archive.lastPathComponent)
            let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
            var result: [String: Data] = [:]
            for path in paths { result[path] = try? Data(contentsOf: folder.appendingPathComponent(path)) }
            return result
        }
        let expected = try files(of: scratch.archive, into: "fresh")
        let stored = try files(of: seed, into: "seed")
        #expect(!expected.isEmpty && stored == expected, "the seed differs from writeIPA's archive (NIBVIZ_UPDATE_GOLDEN=1 to rewrite)")
    }
}
