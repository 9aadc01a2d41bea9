import Foundation
import NibTestSupport
import Testing

/// `render -o` / `diff -o`: `-` is stdout, a symlink, FIFO or character device is written
/// through and never replaced by a regular file, a regular file is replaced atomically, and a
/// failed write leaves no temporary file and the old file intact.
@Suite(
    "output files",
    .enabled(if: FileManager.default.isExecutableFile(atPath: TestPaths.nibviz.path), "build nibviz first: swift build --product nibviz"))
struct OutputFileTests {
    static let dot = "digraph G { a -> b; b -> c }\n"

    func fileType(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
    }

    @Test func aDashIsStandardOutput() throws {
        let scratch = try OutputScratch("dash")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        let result = try runNibviz(["render", "g.dot", "-o", "-"], currentDirectory: scratch.root)
        #expect(result.status == 0 && result.output.contains("</svg>"))
        #expect(scratch.listing() == ["g.dot"])
    }

    @Test func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let scratch = try OutputScratch("fifo")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = try startReader(scratch)
        let result = try runNibviz(["render", "g.dot", "-o", "pipe"], currentDirectory: scratch.root)
        finish(reader)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(isFIFO(fifo), "the FIFO was replaced")
        #expect(scratch.read("received")?.contains("</svg>") == true)
    }

    /// A reader that copies whatever comes through `pipe` into `received`.
    func startReader(_ scratch: OutputScratch) throws -> Process {
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat pipe > received"]
        reader.currentDirectoryURL = scratch.root
        try reader.run()
        return reader
    }

    /// Waits for a FIFO reader; one still blocked 10 s after nibviz exited (nothing was written
    /// through) is stopped so the test fails instead of hanging.
    func finish(_ reader: Process) {
        for _ in 0..<100 where reader.isRunning { usleep(100_000) }
        if reader.isRunning { reader.terminate() }
        reader.waitUntilExit()
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    @Test func aSymlinkStaysALinkAndItsTargetGetsTheBytes() throws {
        let scratch = try OutputScratch("symlink")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        try scratch.write("real/out.svg", "old\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link.svg"), withDestinationPath: "real/out.svg")
        let result = try runNibviz(["render", "g.dot", "-o", "link.svg"], currentDirectory: scratch.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(scratch.path("link.svg")) == .typeSymbolicLink)
        #expect(scratch.read("real/out.svg")?.contains("</svg>") == true)
        #expect(scratch.listing() == ["g.dot", "link.svg", "real", "real/out.svg"], "no temporary file left")
    }

    @Test func aSymlinkToAFIFOIsWrittenThrough() throws {
        let scratch = try OutputScratch("symlink-fifo")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        #expect(mkfifo(scratch.path("pipe"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("out"), withDestinationPath: "pipe")
        let reader = try startReader(scratch)
        let result = try runNibviz(
            ["diff", Self.fixture("CardView.xib"), Self.fixture("CardView.xib"), "-o", "out"], currentDirectory: scratch.root)
        finish(reader)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(scratch.path("out")) == .typeSymbolicLink && isFIFO(scratch.path("pipe")))
        #expect(scratch.read("received")?.contains("no semantic change") == true)
    }

    static func fixture(_ name: String) -> String { OutputScratch.fixtures.appendingPathComponent(name).path }

    /// A second node for the null device, made in the scratch folder (the real /dev/null is never
    /// touched): a broken writer would replace only this node.
    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
        let scratch = try OutputScratch("chardev")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        let node = scratch.path("null")
        guard mknod(node, S_IFCHR | 0o666, makedev(1, 3)) == 0 else {
            print("skipped: mknod failed (\(errno)); no device nodes in this container")
            return
        }
        let result = try runNibviz(["render", "g.dot", "-o", "null"], currentDirectory: scratch.root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(node) == .typeCharacterSpecial)
        #expect(scratch.listing() == ["g.dot", "null"])
    }

    func makedev(_ major: UInt32, _ minor: UInt32) -> dev_t {
        dev_t((UInt64(major & 0xfff) << 8) | UInt64(minor & 0xff) | (UInt64(minor & ~0xff) << 12) | (UInt64(major & ~0xfff) << 32))
    }

    /// `ulimit -f` makes the write fail part-way (EFBIG, SIGXFSZ ignored): the error is in words,
    /// the old file is intact, and no temporary file is left.
    @Test func aFailedWriteSaysWhyAndLeavesNoTemporaryFile() throws {
        let scratch = try OutputScratch("efbig")
        defer { scratch.remove() }
        var dot = "digraph G {\n"
        for index in 0..<200 { dot += "n\(index) -> n\(index + 1) [label=\"edge number \(index)\"];\n" }
        try scratch.write("g.dot", dot + "}\n")
        try scratch.write("out.svg", "previous\n")
        let result = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" render g.dot -o out.svg", TestPaths.nibviz.path],
            currentDirectory: scratch.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write out.svg: file too large"), "\(result.stderr)")
        #expect(scratch.read("out.svg") == "previous\n")
        #expect(scratch.listing() == ["g.dot", "out.svg"])
    }

    @Test func aFailedSiteWriteLeavesTheOldSiteAndNoStagingFolder() throws {
        let scratch = try OutputScratch("site-efbig")
        defer { scratch.remove() }
        try scratch.copyFixture("CardView.xib", to: "in/CardView.xib")
        #expect(try scratch.site(["in", "-o", "out"]).status == 0)
        let before = scratch.listing()
        let result = try runCommand(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "trap '' XFSZ; ulimit -f 4; exec \"$0\" site --site-root \"$1\" in -o out --no-cache", TestPaths.nibviz.path,
                OutputScratch.siteRoot,
            ],
            currentDirectory: scratch.root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("file too large"), "\(result.stderr)")
        #expect(scratch.listing() == before, "the old site is untouched, no staging folder or lock is left")
    }

    /// Run as `nobody` (root only, through setpriv) against a read-only folder: the real
    /// EACCES, reported in words for a file and for a folder.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func permissionDeniedIsSaidInWords() throws {
        let scratch = try OutputScratch("eacces")
        defer { scratch.remove() }
        try scratch.write("g.dot", Self.dot)
        chmod(scratch.root.path, 0o755)
        chmod(scratch.path("g.dot"), 0o644)
        try FileManager.default.createDirectory(atPath: scratch.path("locked"), withIntermediateDirectories: true)
        chmod(scratch.path("locked"), 0o555)
        // `nobody` runs a copy in a folder it can reach: the build's own folder may not be (a
        // clone in `mktemp -d` is 0700), and its render workers are the same binary.
        let binary = try OutputScratch("eacces-bin")
        defer { binary.remove() }
        chmod(binary.root.path, 0o755)
        try FileManager.default.copyItem(atPath: TestPaths.nibviz.path, toPath: binary.path("nibviz"))
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path("nibviz")]
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        let file = try runCommand(setpriv, nobody + ["render", "g.dot", "-o", "locked/out.svg"], currentDirectory: scratch.root)
        #expect(file.status == 1)
        #expect(file.stderr.contains("cannot write locked/out.svg: permission denied"), "\(file.stderr)")
        let folder = try runCommand(setpriv, nobody + ["render-corpus", ".", "-o", "locked/site"], currentDirectory: scratch.root)
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("cannot write locked/site: permission denied"), "\(folder.stderr)")
        #expect(scratch.listing("locked").isEmpty)
    }
}
