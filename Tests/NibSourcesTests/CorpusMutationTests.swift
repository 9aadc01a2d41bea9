import Foundation
import NibCheck
import NibModel
import NibSources
import Testing

/// Mutations of corpus projects on copies in a temporary folder: delete an outlet declaration,
/// rename an action method, rename a class — `check` reports exactly that, located.
@Suite(.serialized) struct CorpusMutationTests {
    struct Project {
        let name: String
        let graphs: [NibGraph]
        let copy: URL
        let index: SourceIndex
        let baseline: [CheckFinding]
    }

    static func project(_ name: String) throws -> Project? {
        guard let roots = CorpusProjects.roots() else { return nil }
        let sources = roots.sources.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: sources.path) else {
            print("skipped: \(name) not re-created")
            return nil
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-mutation-\(UUID().uuidString)/\(name)")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: sources, to: copy)
        let graphs = try CorpusProjects.graphs(try CorpusProjects.documentPaths(name, in: roots.documents))
        let index = try SourceScanner.scan([copy.path])
        return Project(name: name, graphs: graphs, copy: copy, index: index, baseline: Checker(graphs: graphs, index: index).run().findings)
    }

    /// The findings of the mutated copy that the unmodified copy did not have.
    static func newFindings(_ project: Project) throws -> [CheckFinding] {
        let after = Checker(graphs: project.graphs, index: try SourceScanner.scan([project.copy.path])).run().findings
        return CheckOutput.subtracting(project.baseline, from: after)
    }

    /// An outlet (or action) connection from a class the sources declare once, whose
    /// declarations (property, ivar, setter; or method) are all on one line of one file.
    static func target(_ project: Project, kind: SourceMember.Kind) -> (className: String, member: SourceMember)? {
        for graph in project.graphs {
            let objects = graph.objectsByID
            for connection in graph.connections {
                let name: String
                let object: NibObject?
                switch (connection.kind, kind) {
                case (.outlet(let key, _), .outlet):
                    name = key
                    object = objects[connection.source]
                case (.action(let selector, let target?, _), .method):
                    name = selector
                    object = objects[target]
                default: continue
                }
                let names: Set<String> =
                    kind == .method ? [name] : [name, "_" + name, "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"]
                guard let className = object?.customClass, let declared = project.index.candidates[className], declared.count == 1 else {
                    continue
                }
                let members = declared[0].members.filter { names.contains($0.name) }
                let everywhere = project.index.candidates.values.flatMap { $0 }.filter { $0.members.contains { names.contains($0.name) } }
                guard let first = members.first, everywhere.count == 1,
                    kind == .method
                        || members.allSatisfy({ $0.location.file == first.location.file && $0.location.line == first.location.line })
                else { continue }
                return (className, first)
            }
        }
        return nil
    }

    static func edit(_ file: String, line: Int, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        lines[line - 1] = change(lines[line - 1])
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    @Test(arguments: ["hackiftekhar__IQKeyboardManager", "pokeb__asi-http-request"])
    func deletedOutletDeclarationIsReportedAtEachConnection(_ name: String) throws {
        guard let project = try Self.project(name) else { return }
        defer { try? FileManager.default.removeItem(at: project.copy.deletingLastPathComponent()) }
        guard let (className, member) = Self.target(project, kind: .outlet) else {
            Issue.record("no outlet declared on one line in \(name)")
            return
        }
        try Self.edit(member.location.file, line: member.location.line) { line in
            line.replacingOccurrences(of: member.name, with: "removed\(member.name.prefix(1).uppercased())\(member.name.dropFirst())Decl")
        }
        let found = try Self.newFindings(project)
        print(
            "\(name): deleted outlet \(className).\(member.name) at \(member.location) → \(found.map { "\($0.location): \($0.kind.rawValue)" })"
        )
        #expect(!found.isEmpty)
        for finding in found {
            #expect(
                finding.kind == .unknownKey && finding.className == className && finding.key == member.name.trimmingCharacters(in: ["_"]),
                "\(finding.message)")
            #expect(finding.severity == .error && finding.line > 0 && finding.column > 0)
        }
    }

    @Test(arguments: ["hackiftekhar__IQKeyboardManager", "pokeb__asi-http-request"])
    func renamedActionMethodIsReportedAtEachConnection(_ name: String) throws {
        guard let project = try Self.project(name) else { return }
        defer { try? FileManager.default.removeItem(at: project.copy.deletingLastPathComponent()) }
        guard let (className, member) = Self.target(project, kind: .method) else {
            Issue.record("no action declared once in \(name)")
            return
        }
        let firstPiece = String(member.name.prefix { $0 != ":" })
        // Rename every declaration of the method (an Objective-C .h and .m both declare it).
        let files = try FileManager.default.subpathsOfDirectory(atPath: project.copy.path).filter {
            SourceScanner.extensions.contains(($0 as NSString).pathExtension)
        }
        for relative in files {
            let path = project.copy.appendingPathComponent(relative).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let pattern = member.location.file.hasSuffix(".swift") ? "func \(firstPiece)(" : ")\(firstPiece):"
            let spaced = ") \(firstPiece):"
            guard text.contains(pattern) || text.contains(spaced) else { continue }
            let renamed = text.replacingOccurrences(
                of: pattern, with: pattern.replacingOccurrences(of: firstPiece, with: firstPiece + "Renamed")
            )
            .replacingOccurrences(of: spaced, with: spaced.replacingOccurrences(of: firstPiece, with: firstPiece + "Renamed"))
            try renamed.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let found = try Self.newFindings(project)
        print(
            "\(name): renamed action \(className) \(member.name) at \(member.location) → \(found.map { "\($0.location): \($0.kind.rawValue)" })"
        )
        #expect(!found.isEmpty)
        for finding in found {
            #expect(
                finding.kind == .unrecognizedSelector && finding.className == className && finding.selector == member.name,
                "\(finding.message)")
            #expect(finding.severity == .error && finding.line > 0 && finding.column > 0)
        }
    }

    @Test func renamedClassIsReportedAsUnknownWhereverUsed() throws {
        guard let project = try Self.project("hackiftekhar__IQKeyboardManager") else { return }
        defer { try? FileManager.default.removeItem(at: project.copy.deletingLastPathComponent()) }
        guard let (className, _) = Self.target(project, kind: .outlet),
            let declared = project.index.candidates[className]?.first?.info.source
        else {
            Issue.record("no class to rename")
            return
        }
        try Self.edit(declared.file, line: declared.line) {
            $0.replacingOccurrences(of: "class \(className)", with: "class \(className)Renamed")
        }
        let found = try Self.newFindings(project)
        print("renamed class \(className) at \(declared) → \(found.map { "\($0.location): \($0.kind.rawValue)" })")
        #expect(!found.isEmpty)
        for finding in found {
            #expect(finding.kind == .unknownClass && finding.className == className, "\(finding.message)")
            #expect(finding.severity == .warning && finding.line > 0 && finding.column > 0)
        }
    }

    /// R-CHK-9: a class moved into another Swift package target while the document still names
    /// the old module (the refactoring that makes UIKit log "Unknown class").
    @Test func classMovedToAnotherModuleIsReportedWhereTheDocumentNamesTheOldOne() throws {
        guard let project = try Self.project("Automattic__pocket-casts-ios") else { return }
        defer { try? FileManager.default.removeItem(at: project.copy.deletingLastPathComponent()) }
        let className = "PagedUIScrollView"
        guard let declared = project.index.candidates[className]?.first, declared.knownModules == ["PocketCastsUtils"] else {
            Issue.record("\(className) is no longer in the package target PocketCastsUtils")
            return
        }
        let destination = project.copy.appendingPathComponent("Modules/Server/Sources/PocketCastsServer/\(className).swift")
        try FileManager.default.moveItem(atPath: declared.info.source?.file ?? "", toPath: destination.path)
        let found = try Self.newFindings(project)
        print("moved \(className) to PocketCastsServer → \(found.map { "\($0.location): \($0.kind.rawValue)" })")
        let uses = project.graphs.flatMap { graph in
            graph.objects.filter { $0.customClass == className }.map { "\(graph.file):\($0.line):\($0.column)" }
        }
        #expect(!uses.isEmpty)
        #expect(Set(found.map { "\($0.file):\($0.line):\($0.column)" }) == Set(uses), "exactly the objects of that class")
        for finding in found {
            #expect(finding.kind == .wrongModule && finding.severity == .error && finding.className == className, "\(finding.message)")
            #expect(finding.message.contains("_TtC16PocketCastsUtils17PagedUIScrollView") && finding.message.contains("PocketCastsServer"))
        }
    }
}
