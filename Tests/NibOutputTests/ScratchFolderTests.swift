import Foundation
import Testing

@testable import NibOutput

/// Scratch folders left by killed runs are removed by the next one — only folders nibviz made
/// (its name prefix and marker) whose process is gone, never anything else.
@Suite("ScratchFolder")
struct ScratchFolderTests {
    /// A private parent folder standing in for the temporary directory.
    static func parent() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The id of a process that has exited and been reaped.
    static func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A folder in `parent` named `name` holding a file and, when given, `marker` as its marker text.
    static func folder(_ name: String, in parent: URL, marker: String?) throws -> URL {
        let url = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("nib".utf8).write(to: url.appendingPathComponent("LoginView.nib"))
        if let marker { try Data(marker.utf8).write(to: url.appendingPathComponent(ScratchMarker.fileName)) }
        return url
    }

    @Test func aMarkerReadsBackAndAnythingElseIsNoMarker() {
        let marker = ScratchMarker(pid: 4242, startTime: 987_654)
        #expect(ScratchMarker(text: marker.text) == marker)
        #expect(ScratchMarker(text: ScratchMarker(pid: 7, startTime: nil).text) == ScratchMarker(pid: 7, startTime: nil))
        for text in ["", "pid 12\n", "nibviz scratch folder\npid -3\n", "nibviz scratch folder\npid x\n", "my notes"] {
            #expect(ScratchMarker(text: text) == nil, "\(text)")
        }
    }

    @Test func thisProcessIsAliveAndAReapedOneIsNot() throws {
        #expect(ScratchMarker.current().ownerIsAlive)
        #expect(!ScratchMarker(pid: try Self.deadPID(), startTime: nil).ownerIsAlive)
        // The same id with another start time is a later process that reused it.
        let current = ScratchMarker.current()
        if let start = current.startTime {
            #expect(!ScratchMarker(pid: current.pid, startTime: start + 1).ownerIsAlive)
        }
    }

    @Test func onlyFoldersNibvizMadeWhoseProcessIsGoneAreRemoved() throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let dead = ScratchMarker(pid: try Self.deadPID(), startTime: nil).text
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let live = ScratchMarker(pid: sleeper.processIdentifier, startTime: ScratchMarker.startTime(of: sleeper.processIdentifier)).text
        let stale = try Self.folder("nibviz-ipa-stale", in: parent, marker: dead)
        let kept = [
            try Self.folder("nibviz-ipa-live", in: parent, marker: live),
            try Self.folder("nibviz-ipa-unmarked", in: parent, marker: nil),
            try Self.folder("nibviz-ipa-foreign", in: parent, marker: "my notes\npid 1\n"),
            try Self.folder("other-ipa-dead", in: parent, marker: dead),
            try Self.folder("nibviz-ipa-mine", in: parent, marker: ScratchMarker.current().text),
        ]
        // A link named like a scratch folder, to a folder with a dead owner's marker, is not followed.
        let target = try Self.folder("linked-target", in: parent, marker: dead)
        let link = parent.appendingPathComponent("nibviz-ipa-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let removed = ScratchFolder.removeStale(in: parent)
        #expect(removed.map(\.lastPathComponent) == ["nibviz-ipa-stale"])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        for folder in kept + [target] {
            #expect(
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("LoginView.nib").path), "\(folder.lastPathComponent)")
        }
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil)
    }

    @Test func aNewScratchFolderIsMarkedAndRemovesStaleOnes() throws {
        let parent = try Self.parent()
        defer { try? FileManager.default.removeItem(at: parent) }
        let stale = try Self.folder("nibviz-review-old", in: parent, marker: ScratchMarker(pid: try Self.deadPID(), startTime: nil).text)
        let scratch = try ScratchFolder(purpose: "test", in: parent)
        defer { scratch.remove() }
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        let text = try String(contentsOf: scratch.url.appendingPathComponent(ScratchMarker.fileName), encoding: .utf8)
        #expect(ScratchMarker(text: text)?.pid == ProcessInfo.processInfo.processIdentifier)
        #expect(ScratchFolder.removeStale(in: parent).isEmpty, "a live run's folder stays")
    }
}
