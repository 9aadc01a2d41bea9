import Foundation
import NibModel
import NibOutput
import NibSources

/// The modules the app's project files decided as the last build read them, and every answer
/// the disk gave while they were read, in `<output>/.nibviz-state-projects.bin` (listed in the
/// marker): a rebuild whose walk finds the same project files, each read answered the same,
/// does not parse them again. iTerm2's 40 `project.pbxproj` files took 45 % of a no-change site
/// rebuild with its sources.
struct ProjectCache: Equatable, Sendable {
    /// Bumped when the layout of the file or of the modules changes (older ones are ignored).
    static let format = 1
    static let path = ".nibviz-state-projects.bin"
    /// The first bytes of the file: a file that does not start so is not this cache.
    static let magic = "nibviz project modules"

    /// The binary and version that read them (`InputDigest.Digests.tool`): a nibviz whose
    /// project readers changed reads them again.
    var tool: String
    var modules: ProjectModules

    init(tool: String, modules: ProjectModules) {
        self.tool = tool
        self.modules = modules
    }

    func encoded() -> [UInt8] {
        var writer = CompactBinary.Writer()
        writer.string(Self.magic)
        writer.integer(Self.format)
        writer.string(tool)
        modules.write(to: &writer)
        return writer.bytes
    }

    /// The cache `encoded()` wrote; nil for one of another format.
    static func decoded(_ bytes: [UInt8]) throws -> ProjectCache? {
        var reader = CompactBinary.Reader(bytes)
        guard try reader.string() == magic else { throw reader.malformed("not a project modules file") }
        guard try reader.integer() == format else { return nil }
        let cache = ProjectCache(tool: try reader.string(), modules: try ProjectModules(from: &reader))
        guard reader.isAtEnd else { throw reader.malformed("bytes after the modules") }
        return cache
    }

    /// The modules the previous build kept, when its marker lists the file and `tool` wrote it.
    static func previous(in output: OutputFolder, tool: String) -> ProjectModules? {
        guard output.previousMarker?.files.contains(path) == true,
            let data = FileManager.default.contents(atPath: output.path + "/" + path),
            let cache = try? decoded(Array(data)), cache.tool == tool
        else { return nil }
        return cache.modules
    }
}

extension SiteBuilder {
    /// Writes the modules this build's survey gave, carrying the previous file when they are
    /// the ones it held.
    func saveProjectModules(_ output: OutputFolder) throws {
        guard let survey = digests.sources else { return }
        if survey.modulesKept, output.previousMarker?.files.contains(ProjectCache.path) == true {
            try output.carry(ProjectCache.path)
        } else {
            try output.write(ProjectCache(tool: digests.tool, modules: survey.modules).encoded(), to: ProjectCache.path)
        }
    }
}
