import Foundation
import NibCompiled
@_exported import NibModel

/// Reads Interface Builder documents (.xib, .storyboard, designable.nib, compiled .nib files and
/// bundles, .storyboardc folders) into a `NibGraph`.
///
/// Both XML formats are read: the document format Xcode 5 and later writes (`<document>`) and
/// the older archive format (`<archive type="com.apple.InterfaceBuilder3.…">`); compiled nibs
/// go to `CompiledNibParser`. Problems that
/// leave the graph usable (unknown elements, duplicate ids, dangling references) become
/// diagnostics; input that is not an IB document throws a `LocatedError`.
public enum NibDocumentParser {
    /// Reads the file at `url`; `displayName` (default: the path as given) names it in messages.
    public static func parse(contentsOf url: URL, displayName: String? = nil) throws -> NibGraph {
        let name = displayName ?? url.path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try parse(bundle: url, name: name)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocatedError(at: FileLocation(file: name), "cannot read file: \(error.localizedDescription)")
        }
        return try parse(data: data, file: name, named: url)
    }

    /// `parse(data:file:)` of the bytes of the file at `url`; when they are no document and the
    /// file is not named as one either (`inspect README.md`), the error says what nibviz reads.
    public static func parse(data: Data, file: String, named url: URL) throws -> NibGraph {
        do {
            return try parse(data: data, file: file)
        } catch var error as LocatedError where InputClassifier.kind(of: url) == nil {
            error.message +=
                " (\(url.lastPathComponent) is not named as an Interface Builder document: .xib, .storyboard, .nib, .storyboardc)"
            throw error
        }
    }

    /// A nib bundle (`Foo.nib/`): its `designable.nib` is the archive-format source document;
    /// a bundle without one is compiled (`keyedobjects*.nib`, `runtime.nib`, `objects-*.nib`), and
    /// a `.storyboardc` folder is a compiled storyboard.
    private static func parse(bundle url: URL, name: String) throws -> NibGraph {
        if url.pathExtension == "storyboardc" {
            var graph = try CompiledStoryboardReader.parse(folder: url, name: name)
            // Controllers are named by the element the source storyboard writes
            // (`viewController`, not the archived `NSViewController`), as storyboard rules ask.
            for index in graph.objects.indices {
                guard graph.objects[index].element == graph.objects[index].className,
                    let element = ElementClassTable.controllerElement(ofClass: graph.objects[index].className, platform: graph.platform)
                else { continue }
                graph.objects[index].element = element
            }
            return graph
        }
        let designable = url.appendingPathComponent("designable.nib")
        if FileManager.default.fileExists(atPath: designable.path) {
            return try parse(contentsOf: designable, displayName: name + "/designable.nib")
        }
        if url.pathExtension == "nib" {
            return try CompiledNibParser.parse(bundle: url, name: name)
        }
        throw LocatedError(at: FileLocation(file: name), "a folder, not an Interface Builder document")
    }

    /// Reads the compiled nib of the `.nib` bundle at `url`, even when the bundle also holds a
    /// `designable.nib` (which `parse(contentsOf:)` would read): `keyedobjects.nib` or the variant
    /// `CompiledNibParser` picks. The graph's file names the nib read (`Foo.nib/keyedobjects.nib`).
    public static func parse(compiledBundle url: URL, displayName: String) throws -> NibGraph {
        let graph = try CompiledNibParser.parse(bundle: url, name: displayName)
        try HierarchyLimits.check(graph)
        return graph
    }

    /// Reads document bytes; `file` names the input in the graph and in messages.
    public static func parse(data: Data, file: String) throws -> NibGraph {
        let start = FileLocation(file: file, line: 1, column: 1)
        if CompiledNibParser.container(data) != nil {
            // Compiled nibs link parents by reference too: the same depth limit as the archive format.
            let graph = try CompiledNibParser.parse(data: data, file: file)
            try HierarchyLimits.check(graph)
            return graph
        }
        if CompiledNibParser.isTypedStream(data) { throw CompiledNibParser.typedStreamError(file: file) }
        if let pointer = GitLFSPointer.error(data, file: file) { throw pointer }
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.allSatisfy(\.isXMLWhiteSpace) {
            throw LocatedError(at: start, "empty file: not an Interface Builder document")
        }
        try TextEncodingCheck.requireValidUTF8(bytes, file: file)
        try TextEncodingCheck.requireXMLCharacters(bytes, file: file)
        let root = try XMLTreeBuilder.parse(Data(bytes), file: file)
        switch root.name {
        case "document":
            return DocumentFormatReader(file: file).read(root)
        case "archive":
            let graph = ArchiveFormatReader(file: file).read(root)
            try HierarchyLimits.check(graph)
            return graph
        default:
            throw LocatedError(
                at: FileLocation(file: file, line: root.line, column: root.column),
                "not an Interface Builder document: root element <\(root.name)>, expected <document> or <archive>")
        }
    }
}
