import Foundation
import Synchronization

// `make fuzz`: a deterministic mutation fuzzer over the seed documents in Tests/Fuzz/seeds/.
// Each case mutates one seed and runs one nibviz command on it; a case passes when the command
// exits 0, or exits 1 with `Error: FILE:LINE…: message`, within the time limit, writing nothing
// outside its output folder. Crashing, hanging or unclear inputs are saved under --findings.

let options = FuzzOptions.parse(CommandLine.arguments.dropFirst())
let formats: [(format: FuzzFormat, seeds: [(name: String, bytes: [UInt8])])]
do {
    formats = try FuzzFormat.load(from: options.seeds)
} catch {
    FileHandle.standardError.write(Data("fuzz: cannot read seeds in \(options.seeds.path): \(error)\n".utf8))
    exit(2)
}
guard !formats.isEmpty, FileManager.default.isExecutableFile(atPath: options.nibviz.path) else {
    FileHandle.standardError.write(Data("fuzz: need seeds in \(options.seeds.path) and a built \(options.nibviz.path)\n".utf8))
    exit(2)
}
// Findings of this seed only: a rerun with the same seed replaces them.
let findings = options.findings.appendingPathComponent("seed-\(options.seed)")
try? FileManager.default.removeItem(at: findings)
let work = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-fuzz-\(getpid())")
try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
var environment = ProcessInfo.processInfo.environment
environment["NIBVIZ_RENDER_TIMEOUT"] = String(Int(max(1, options.timeout / 3)))
let runner = CaseRunner(nibviz: options.nibviz, timeout: options.timeout, environment: environment)
let tally = Tally()
let next = Atomic<Int>(0)
let start = Date()
say(
    "fuzz: seed \(options.seed), \(options.limitDescription), \(formats.map { "\($0.format.folder) (\($0.seeds.count))" }.joined(separator: ", "))"
)

DispatchQueue.concurrentPerform(iterations: options.jobs) { lane in
    let capture = work.appendingPathComponent("capture-\(lane)")
    try? FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    while true {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        if let cases = options.cases, index >= cases { break }
        if let seconds = options.seconds, Date().timeIntervalSince(start) >= seconds { break }
        let (format, seeds) = formats[index % formats.count]
        var random = SeededGenerator(seed: options.seed &* 0x100_0000_01B3 &+ UInt64(index))
        let seed = seeds[Int.random(in: 0..<seeds.count, using: &random)]
        let other = seeds[Int.random(in: 0..<seeds.count, using: &random)]
        let bytes = Mutator(tokens: format.tokens).mutate(seed.bytes, other: other.bytes, using: &random)
        let command = format.commands[(index / formats.count) % format.commands.count]
        let folder = work.appendingPathComponent("case-\(index)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("input.\(format.fileExtension)")
        try? Data(bytes).write(to: input)
        let seedURL = options.seeds.appendingPathComponent(format.folder).appendingPathComponent(seed.name)
        var verdict = runner.run(command, input: input, seed: seedURL, caseFolder: folder, captureFolder: capture, format: format)
        if !verdict.isFinding, let stray = Tally.strayInWorkRoot(work) { verdict = .strayOutput("work folder: \(stray)") }
        tally.record(verdict, index: index, format: format, command: command, input: bytes, findings: findings)
        try? FileManager.default.removeItem(at: folder)
        if options.verbose || (index + 1) % 100 == 0 { say("fuzz: \(tally.summary(elapsed: Date().timeIntervalSince(start)))") }
    }
}
try? FileManager.default.removeItem(at: work)
say("fuzz: done: \(tally.summary(elapsed: Date().timeIntervalSince(start)))")
exit(tally.findings == 0 ? 0 : 1)
