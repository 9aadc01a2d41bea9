import Foundation
import NibModel
import NibParsing
import NibScenario
import NibSimulation

/// Scenario throughput: parsing the YAML alone (baseline) vs parse + simulate + text output,
/// over the spec scenarios, as a ratio measured in the same run.
func runSimulateBenchmark(scenarios directory: URL, rounds: Int = 200) -> String {
    let files = ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
        .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
    let texts = files.compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url, $0) } }
    guard !texts.isEmpty else { return "## Simulate\n\nno scenarios under \(directory.path)" }
    func seconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    var lines = 0
    let parseOnly = seconds {
        for _ in 0..<rounds {
            for (url, text) in texts {
                _ = try? ScenarioParser.parse(yaml: text, file: url.path, baseDirectory: url.deletingLastPathComponent())
            }
        }
    }
    let full = seconds {
        for _ in 0..<rounds {
            for (url, text) in texts {
                guard let scenario = try? ScenarioParser.parse(yaml: text, file: url.path, baseDirectory: url.deletingLastPathComponent())
                else { continue }
                lines += TimelineFormatter.format(Simulator.run(scenario)).count
            }
        }
    }
    let runs = Double(rounds * texts.count)
    return """
        ## Simulate: spec scenarios (\(texts.count) files × \(rounds) rounds)

        | step | runs/s | time per run | ratio to YAML parse |
        |---|---|---|---|
        | parse YAML only (baseline) | \(Int(runs / parseOnly)) | \(String(format: "%.1f", parseOnly / runs * 1e6)) µs | 1.00 |
        | parse + simulate + text | \(Int(runs / full)) | \(String(format: "%.1f", full / runs * 1e6)) µs | \(String(format: "%.2f", full / parseOnly)) |
        """
}
