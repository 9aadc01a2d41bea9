import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibSources

/// The project files' modules (R-SRC-5) kept from an earlier survey: taken again only while the
/// walk finds the same project files and every answer the disk gave their readers (a file's
/// bytes, a folder's entries, what is at a path) is the same now.
@Suite struct ProjectReadsTests {
    /// A folder with an Xcode project (synchronized folders, an xcconfig with an include, a
    /// `/Localized/` exception), a Swift package and CocoaPods' `Pods`.
    static func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-project-reads-\(UUID().uuidString)")
        for (relative, text) in [
            ("App/Feature/A.swift", "class A {}\n"), ("App/Feature/Excluded.swift", "class Excluded {}\n"),
            ("App/Feature/Shared.swift", "class Shared {}\n"), ("App/Feature/Base.lproj/Panel.xib", "<document/>\n"),
            ("Lib/B.swift", "class B {}\n"), ("Config/Lib.xcconfig", "#include \"Base.xcconfig\"\nPRODUCT_NAME = LibCore\n"),
            ("Config/Base.xcconfig", "SWIFT_VERSION = 5.0\n"), ("Cond/C.swift", "class C {}\n"),
            ("Proj.xcodeproj/project.pbxproj", ModuleTests.synchronizedProject),
            (
                "Kit/Package.swift",
                "import PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Widgets\")])\n"
            ),
            ("Kit/Sources/Widgets/W.swift", "class W {}\n"),
            ("Pods/Manifest.lock", "PODS:\n"), ("Pods/Alamofire/Source/Request.swift", "class Request {}\n"),
        ] {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// What the disk answers now (a file's digest read afresh).
    static func holds(_ read: ProjectRead) -> Bool {
        read.answerNow { path in
            FileManager.default.contents(atPath: path).map { data in data.withUnsafeBytes { StableHash.hex(bytes: $0) } }
        } == read.answer
    }

    static func modules(_ survey: SourceSurvey) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: survey.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.knownModules) })
    }

    @Test func theReadsNameEveryFileAndFolderTheReadersAsked() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let survey = try SourceScanner.survey([folder.path])
        #expect(!survey.modulesKept)
        let reads = Dictionary(grouping: survey.modules.reads, by: \.kind).mapValues { $0.map { $0.path.dropFirst(folder.path.count) } }
        #expect(
            reads[.contents]?.sorted()
                == ["/Config/Base.xcconfig", "/Config/Lib.xcconfig", "/Kit/Package.swift", "/Proj.xcodeproj/project.pbxproj"],
            "the project, the xcconfig and its include, the manifest: each once (\(reads))")
        #expect(reads[.listing]?.sorted() == ["/App/Feature", "/Pods"], "the /Localized/ exception's folder and the pods")
        #expect(reads[.entry]?.contains("/Kit/Sources/Widgets") == true, "the package target's default folder")
        #expect(reads[.entry]?.contains("/Pods/Alamofire") == true, "a pod is a folder")
        #expect(survey.modules.reads.allSatisfy(Self.holds), "every answer is the disk's")
        #expect(Self.modules(survey)["Request.swift"] == ["Alamofire"] && Self.modules(survey)["W.swift"] == ["Widgets"])
    }

    @Test func unchangedReadsKeepTheModulesAndAnyChangedAnswerReadsThemAgain() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try SourceScanner.survey([folder.path])
        let again = try SourceScanner.survey([folder.path], earlier: first.modules, holds: Self.holds)
        #expect(again.modulesKept && again.modules == first.modules)
        #expect(again.files == first.files)
        // Without `holds` nothing is taken on trust.
        #expect(!(try SourceScanner.survey([folder.path], earlier: first.modules)).modulesKept)

        func change(_ edit: () throws -> Void, _ what: Comment, check: (SourceSurvey) -> Void = { _ in }) throws {
            let before = try SourceScanner.survey([folder.path])
            try edit()
            let after = try SourceScanner.survey([folder.path], earlier: before.modules, holds: Self.holds)
            #expect(!after.modulesKept, what)
            #expect(after.modules == (try SourceScanner.survey([folder.path])).modules, "the same as a fresh read: \(what)")
            check(after)
        }
        // The include behind the target's xcconfig, not a file the walk lists.
        try change(
            {
                try "SWIFT_VERSION = 5.0\nPRODUCT_NAME = LibBase\n".write(
                    to: folder.appendingPathComponent("Config/Base.xcconfig"), atomically: true, encoding: .utf8)
                try "PRODUCT_NAME = LibCore2\n#include \"Base.xcconfig\"\n".write(
                    to: folder.appendingPathComponent("Config/Lib.xcconfig"), atomically: true, encoding: .utf8)
            }, "an xcconfig's setting"
        ) { #expect(Self.modules($0)["B.swift"] == ["LibBase"], "the include's setting, read after the file's own") }
        // A new localisation of the excepted xib.
        try change(
            {
                let variant = folder.appendingPathComponent("App/Feature/fr.lproj")
                try FileManager.default.createDirectory(at: variant, withIntermediateDirectories: true)
                try "<document/>\n".write(to: variant.appendingPathComponent("Panel.xib"), atomically: true, encoding: .utf8)
            }, "a new .lproj folder"
        ) { #expect($0.modules.modules(of: folder.appendingPathComponent("App/Feature/fr.lproj/Panel.xib").path) == ["Extension"]) }
        // A new pod.
        try change(
            {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("Pods/SnapKit/Source"), withIntermediateDirectories: true)
                try "class Constraint {}\n".write(
                    to: folder.appendingPathComponent("Pods/SnapKit/Source/Constraint.swift"), atomically: true, encoding: .utf8)
            }, "a new pod"
        ) { #expect(Self.modules($0)["Constraint.swift"] == ["SnapKit"]) }
        // The package's target folder moved to the next default place.
        try change(
            {
                try FileManager.default.moveItem(
                    at: folder.appendingPathComponent("Kit/Sources"), to: folder.appendingPathComponent("Kit/Source"))
            }, "a target folder that moved"
        ) { #expect(Self.modules($0)["W.swift"] == ["Widgets"], "Source/<name>") }
        // Another project file found by the walk.
        try change(
            {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent("Other.xcodeproj"), withIntermediateDirectories: true)
            }, "a new .xcodeproj"
        )
        // The project file itself.
        try change(
            {
                let url = folder.appendingPathComponent("Proj.xcodeproj/project.pbxproj")
                try (try String(contentsOf: url, encoding: .utf8)).replacingOccurrences(of: "Appy", with: "Appier").write(
                    to: url, atomically: true, encoding: .utf8)
            }, "the project file"
        ) { #expect(Self.modules($0)["A.swift"] == ["Appier"]) }
    }

    @Test func theModulesRoundTripAndACutEncodingIsMalformed() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let modules = try SourceScanner.survey([folder.path]).modules
        #expect(!modules.reads.isEmpty && !modules.declared.isEmpty && !modules.files.isEmpty && !modules.folders.isEmpty)
        var writer = CompactBinary.Writer()
        modules.write(to: &writer)
        var reader = CompactBinary.Reader(writer.bytes)
        #expect(try ProjectModules(from: &reader) == modules && reader.isAtEnd)
        var again = CompactBinary.Writer()
        modules.write(to: &again)
        #expect(again.bytes == writer.bytes, "same value, same bytes")
        for length in 0..<writer.bytes.count {
            var cut = CompactBinary.Reader(Array(writer.bytes.prefix(length)))
            #expect(throws: CompactBinary.Malformed.self) { _ = try ProjectModules(from: &cut) }
        }
    }

    /// A field added to the modules must be written too (`ProjectModules+CompactBinary`).
    @Test func everyStoredFieldIsWritten() {
        let fields = Mirror(reflecting: ProjectModules()).children.compactMap(\.label)
        #expect(fields == ["files", "xcodeFolders", "folders", "declared", "projectFiles", "swift2Modules", "found", "reads"])
        #expect(
            Mirror(reflecting: ProjectModules.Found()).children.compactMap(\.label) == ["xcodeProjects", "packageManifests", "podFolders"])
        #expect(
            Mirror(reflecting: ProjectRead(kind: .entry, path: "", answer: "")).children.compactMap(\.label) == ["kind", "path", "answer"])
    }
}

/// `ProjectModules.key` gives a standard path as it is and hands any other to Foundation.
@Suite struct ProjectPathKeyTests {
    @Test(arguments: [
        "/a/b.swift", "/Users/me/My App/Sources/View Controller.swift", "/tmp/%20/x.swift", "/tmp/é/ü.m", "/a/.hidden/b.h",
        "/a/b./c", "/a/...", "/a/..b/.c", "/a#b/c?d;e", "/a/~/b",
    ])
    func aStandardPathIsItsOwnKey(_ path: String) {
        #expect(ProjectModules.isStandardAbsolute(path))
        #expect(ProjectModules.key(path) == ProjectModules.foundationKey(path), "Foundation agrees")
        #expect(ProjectModules.key(path) == path)
    }

    @Test(arguments: ["/a//b", "/a/./b", "/a/../b", "/a/b/", "/a/b/.", "/a/b/..", "relative/b", "", "/", "./a", "//a"])
    func anyOtherPathIsStandardisedByFoundation(_ path: String) {
        #expect(!ProjectModules.isStandardAbsolute(path))
        #expect(ProjectModules.key(path) == ProjectModules.foundationKey(path))
    }
}
