import Foundation
import NibTestSupport
import Testing

/// `nibviz simulate` end to end (needs `swift build --product nibviz`).
@Suite("nibviz simulate")
struct SimulateCommandTests {
    static func simulate(_ arguments: [String]) throws -> CommandResult {
        try runNibviz(["simulate"] + arguments, currentDirectory: TestPaths.packageRoot)
    }

    @Test("--format json lists events with rule ids, phase, receiver, selector and arguments")
    func jsonFormat() throws {
        let result = try Self.simulate(["site/scenarios/spec/G-NIB-1.yaml", "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 7)
        let outlet = events[2]
        #expect(outlet["rule"] as? String == "R-OUT-4")
        #expect(outlet["phase"] as? String == "P3")
        #expect(outlet["selector"] as? String == "setValue:forKey:")
        #expect((outlet["receiver"] as? [String: Any])?["label"] as? String == "CardOwner")
        #expect((outlet["arguments"] as? [[String: String]])?.first == ["key": "key", "value": "rootView"])
    }

    @Test("--format seed renders S3's NSLog lines")
    func seedFormat() throws {
        let result = try Self.simulate(["site/scenarios/spec/G-INIT-1.yaml", "--format", "seed"])
        #expect(result.output.hasPrefix("MyView -- initWithCoder\nMyLabel -- initWithCoder\nHelper -- init\n"))
    }

    @Test("--platform, --os and --trace override the scenario")
    func overrides() throws {
        let result = try Self.simulate(["site/scenarios/spec/G-ACT-1.yaml", "--os", "10.9", "--trace", "L2"])
        #expect(result.output.contains("LOG Could not connect the action save: to target of class Owner\n"))
        let ios = try Self.simulate(["site/scenarios/spec/G-AWAKE-1-b.yaml", "--platform", "ios"])
        #expect(ios.output == "-[Pane awakeFromNib]\n")  // Pane overrides initWithFrame:, which iOS never sends
    }

    @Test("the same run gives the same bytes")
    func deterministic() throws {
        let first = try Self.simulate(["site/scenarios/spec/G-WIN-1.yaml", "--format", "json"])
        let second = try Self.simulate(["site/scenarios/spec/G-WIN-1.yaml", "--format", "json"])
        #expect(first.stdout == second.stdout)
    }

    @Test("a bad scenario fails with exit 1 and Error: file:line:col on stderr, nothing on stdout")
    func badScenario() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.yaml")
        try "platform: ios\nsteps:\n  - fly: away\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.simulate([file.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: \(file.path):3:5: unknown step 'fly'"))
    }

    @Test("usage errors exit 64", arguments: [["--trace", "L7"], ["--format", "xml"], ["--platform", "tvos"]])
    func usageErrors(_ extra: [String]) throws {
        let result = try Self.simulate(["site/scenarios/spec/G-NIB-1.yaml"] + extra)
        #expect(result.status == 64)
    }

    @Test("a missing file fails with exit 1")
    func missingFile() throws {
        let result = try Self.simulate(["nowhere.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("Error: nowhere.yaml: cannot read"))
    }
}
