import Foundation
import NibTestSupport
import Testing

@testable import NibCheck

/// `check --format github`: one workflow command per finding, at a path relative to the
/// checkout, with the message and property values escaped as the Actions runner decodes them.
@Suite struct GitHubAnnotationTests {
    @Test func everyFindingIsAnAnnotationOnARepositoryPath() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GITHUB_WORKSPACE"] = TestPaths.packageRoot.path
        let absolute = TestPaths.packageRoot.appendingPathComponent(CheckCommandTests.documents).path
        let result = try runNibviz(
            ["check", absolute, "--sources", "./" + CheckCommandTests.sources, "--format", "github"],
            currentDirectory: TestPaths.packageRoot, environment: environment)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        let annotations = lines.filter { $0.hasPrefix("::") }
        #expect(annotations.count == 23)
        #expect(lines.last?.hasSuffix("notes") == true || lines.last?.hasSuffix("note") == true, "\(lines.last ?? "")")
        let shape = #/^::(error|warning|notice) file=([^,:]+),line=[1-9][0-9]*(,col=[1-9][0-9]*)?,title=nibviz R-CHK-[0-9]+::(.+)$/#
        for annotation in annotations {
            let match = try #require(annotation.wholeMatch(of: shape), "\(annotation)")
            let file = String(match.output.2)
            #expect(!file.hasPrefix("/") && !file.hasPrefix("./"), "\(file)")
            #expect(FileManager.default.fileExists(atPath: TestPaths.packageRoot.appendingPathComponent(file).path), "\(file)")
        }
        // A declaration in the sources rides in the message, relative too.
        #expect(annotations.contains { $0.contains("(Tests/NibSourcesTests/__Fixtures__/App/") }, "\(annotations.prefix(3))")
    }

    @Test func messagesAndPropertiesAreEscaped() {
        let finding = CheckFinding(
            .error, .unknownKey, at: .init(file: "/w/App/A,b:c.xib", line: 3, column: 0), message: "100% wrong\nsecond line")
        let text = CheckOutput.github([finding], workspace: "/w")
        #expect(text.hasPrefix("::error file=App/A%2Cb%3Ac.xib,line=3,title=nibviz R-CHK-1::100%25 wrong second line\n"), "\(text)")
        #expect(CheckOutput.escapedData("a\r\nb%") == "a%0D%0Ab%25")
        #expect(CheckOutput.relative("/elsewhere/x.xib", to: "/w") == "/elsewhere/x.xib")
        #expect(CheckOutput.relative("././x.xib", to: nil) == "x.xib")
    }
}
