import Foundation
import GraphvizRender
import NibDOT
import NibDiffing

/// What `nibviz diff` writes for a diff: a report (text, Markdown, JSON, Mermaid) or the diff
/// diagram (DOT, or rendered SVG/PNG in a worker process).
public enum DiffArtifact {
    /// The report formats.
    public enum Report: String, CaseIterable, Sendable { case text, markdown, json, mermaid }
    /// The diagram formats.
    public enum Diagram: String, CaseIterable, Sendable { case svg, png, dot }

    /// The report of `diff` between the files `old` and `new`.
    public static func report(_ diff: NibDiff, as format: Report, old: String, new: String) -> String {
        switch format {
        case .text: return DiffText.render(diff, title: "\(old) → \(new)")
        case .markdown:
            let mermaid = diff.hasSemanticChanges ? DiffDiagram.mermaid(diff, title: title(old: old, new: new)) : nil
            return DiffMarkdown.render(diff, title: new, mermaid: mermaid)
        case .json: return DiffJSON.render(diff, old: old, new: new)
        case .mermaid: return DiffDiagram.mermaid(diff, title: title(old: old, new: new))
        }
    }

    /// The diagram of `diff` in `format` and `theme`: DOT text, or SVG (themed) / PNG bytes.
    public static func diagram(_ diff: NibDiff, as format: Diagram, old: String, new: String, theme: DiagramTheme) throws -> [UInt8] {
        let dot = DiffDiagram.dot(diff, title: title(old: old, new: new), theme: theme)
        if format == .dot { return Array(dot.utf8) }
        let rendered = try RenderWorkerPool.renderIsolated(
            RenderRequest(dot: dot, format: format == .png ? .png : .svg, name: new, generated: true))
        return format == .svg ? SVGTheming.apply(theme, to: rendered.data) : rendered.data
    }

    /// File names, not paths: a long title would stretch the legend under it.
    static func title(old: String, new: String) -> String {
        let (before, after) = (URL(fileURLWithPath: old).lastPathComponent, URL(fileURLWithPath: new).lastPathComponent)
        return before == after ? after : "\(before) → \(after)"
    }
}
