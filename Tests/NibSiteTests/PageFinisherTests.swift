import Foundation
import NibOutput
import Testing

@testable import NibSiteBuild

/// The page files are written on one queue per job (#17): a file always takes the same queue, so
/// the writes and carries of one path keep the order they were handed over in and the last
/// bytes win, as on one queue; every page's links come back; the CPU is counted per queue.
@Suite("Page finisher")
struct PageFinisherTests {
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-finisher-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    }

    /// Hands over 400 pages whose files 40 shared names (standalone SVGs shared between pages)
    /// are also written by, each version numbered; returns the files' contents after the swap.
    static func build(_ target: URL, queues: Int) throws -> (files: [String: String], links: Int, cpu: PageFinisher.CPU) {
        let output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
        let finisher = PageFinisher(output: output, queues: queues)
        for page in 0..<400 {
            let shared = "diagrams/\(page % 40).svg"
            finisher.write(shared) { Array("version \(page) of \(shared)".utf8) }
            finisher.finish(page: "p\(page).html", file: "pages/p\(page).html") {
                Array("<a href=\"../\(shared)\">page \(page)</a>".utf8)
            }
        }
        let links = try finisher.wait()
        let cpu = finisher.spent
        try output.commit()
        var files: [String: String] = [:]
        for folder in ["pages", "diagrams"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: target.path + "/" + folder) {
                files[folder + "/" + name] = try String(contentsOfFile: target.path + "/" + folder + "/" + name, encoding: .utf8)
            }
        }
        return (files, links.count, cpu)
    }

    @Test func manyQueuesWriteWhatOneQueueWrites() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try Self.build(directory.appendingPathComponent("one"), queues: 1)
        let four = try Self.build(directory.appendingPathComponent("four"), queues: 4)
        #expect(one.files.count == 440 && one.links == 400)
        #expect(four.files == one.files)
        #expect(four.links == 400)
        // The last version handed over wins for every shared file.
        for index in 0..<40 {
            #expect(four.files["diagrams/\(index).svg"] == "version \(360 + index) of diagrams/\(index).svg")
        }
        #expect(four.cpu.queues == 4 && one.cpu.queues == 1)
        // The work is spread: no queue took all of it.
        #expect(four.cpu.total > 0 && four.cpu.busiest < four.cpu.total)
        // At most `maxQueues`, however many jobs.
        let many = try OutputFolder(
            OutputFolder.Request(target: directory.appendingPathComponent("many").path, inputs: [], toolVersion: "test"))
        #expect(PageFinisher(output: many, queues: 64).spent.queues == PageFinisher.maxQueues)
        many.discard()
    }

    @Test func carriesFollowTheWritesOfTheSameFile() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("site")
        _ = try Self.build(target, queues: 3)
        // The next build carries every shared file, then writes a third of them again: the new
        // bytes win over the carried ones, and the rest are carried unchanged.
        let output = try OutputFolder(OutputFolder.Request(target: target.path, inputs: [], toolVersion: "test"))
        let finisher = PageFinisher(output: output, queues: 3)
        let shared = (0..<40).map { "diagrams/\($0).svg" }
        finisher.carry(shared)
        for index in stride(from: 0, to: 40, by: 3) { finisher.write(shared[index]) { Array("rewritten \(index)".utf8) } }
        _ = try finisher.wait()
        try output.commit()
        for index in 0..<40 {
            let text = try String(contentsOfFile: target.path + "/" + shared[index], encoding: .utf8)
            #expect(text == (index % 3 == 0 ? "rewritten \(index)" : "version \(360 + index) of \(shared[index])"), "\(index)")
        }
    }
}
