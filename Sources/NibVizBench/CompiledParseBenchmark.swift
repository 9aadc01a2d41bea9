import Foundation
import NibCompiled
import NibParsing

/// Compiled-nib parse throughput next to the XML reader on the same nibs' XML: the corpus
/// holds two such pairs — `MainMenu.nib` (`designable.nib` beside `keyedobjects.nib`) and the
/// `Wizard.storyboardc` (`designable.storyboard` beside its eight scene and view nibs) — plus
/// every compiled nib of the corpus on its own.
///
/// Compiled nibs are 3–5× smaller than their XML, so the fair comparison is time per nib (and
/// objects per second), not MB/s; both are printed. Best of 3 runs of `rounds` passes each.
func runCompiledParseBenchmark(corpus: URL, rounds: Int = 50) -> String {
    var report = ["## Parse: compiled nibs next to their XML", ""]
    let files = (try? FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)) ?? []
    func inRepo(_ repo: String) -> [URL] {
        guard let folder = files.first(where: { $0.lastPathComponent == repo }) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []).sorted {
            $0.path < $1.path
        }
    }
    let asi = inRepo("pokeb__asi-http-request").filter { $0.lastPathComponent.contains("MainMenu.nib__") }
    let wizard = inRepo("SwiftGen__SwiftGen").filter { $0.lastPathComponent.contains("Wizard.storyboardc__") }
    let pairs: [(name: String, xml: [URL], compiled: [URL])] = [
        (
            "MainMenu.nib (keyed archive)", asi.filter { $0.lastPathComponent.hasSuffix("designable.nib") },
            asi.filter { $0.lastPathComponent.hasSuffix("keyedobjects.nib") }
        ),
        (
            "Wizard.storyboardc (NIBArchive)", wizard.filter { $0.pathExtension == "storyboard" },
            wizard.filter { $0.pathExtension == "nib" }
        ),
    ]
    report += [
        "| nibs | XML bytes | compiled bytes | XML reader ms/pass | compiled reader ms/pass | compiled speed-up | XML objects/s | compiled objects/s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for pair in pairs where !pair.xml.isEmpty && !pair.compiled.isEmpty {
        let xml = load(pair.xml)
        let compiled = load(pair.compiled)
        let (xmlSeconds, xmlObjects) = time(xml, rounds: rounds)
        let (compiledSeconds, compiledObjects) = time(compiled, rounds: rounds)
        let perPass = { (seconds: Double) in seconds / Double(rounds) * 1000 }
        report.append(
            "| \(pair.name) | \(bytes(xml)) | \(bytes(compiled)) | \(format(perPass(xmlSeconds))) | \(format(perPass(compiledSeconds))) | "
                + "\(format(xmlSeconds / compiledSeconds))× | \(Int(Double(xmlObjects * rounds) / xmlSeconds)) | "
                + "\(Int(Double(compiledObjects * rounds) / compiledSeconds)) |")
    }
    let everyCompiled = load(
        NibDocumentFinder.documents(in: corpus).filter { url in
            (try? Data(contentsOf: url)).map { CompiledNibParser.container($0) != nil } ?? false
        })
    if !everyCompiled.isEmpty {
        let (seconds, objects) = time(everyCompiled, rounds: rounds)
        report += [
            "",
            "Every compiled nib of the corpus: \(everyCompiled.count) files, \(bytes(everyCompiled)) bytes, \(objects) objects: "
                + "\(format(Double(bytes(everyCompiled) * rounds) / 1_000_000 / seconds)) MB/s, \(Int(Double(objects * rounds) / seconds)) objects/s",
        ]
    }
    return report.joined(separator: "\n")
}

private func load(_ urls: [URL]) -> [(name: String, data: Data)] {
    urls.compactMap { url in (try? Data(contentsOf: url)).map { (url.lastPathComponent, $0) } }
}

private func bytes(_ inputs: [(name: String, data: Data)]) -> Int { inputs.reduce(0) { $0 + $1.data.count } }

/// Best of three: seconds for `rounds` passes over `inputs`, and the objects of one pass.
private func time(_ inputs: [(name: String, data: Data)], rounds: Int) -> (Double, Int) {
    var objects = 0
    let seconds =
        (0..<3).map { _ in
            measure {
                for _ in 0..<rounds {
                    objects = 0
                    for input in inputs {
                        objects += (try? NibDocumentParser.parse(data: input.data, file: input.name))?.objects.count ?? 0
                    }
                }
            }
        }.min() ?? .nan
    return (seconds, objects)
}
