import Foundation
import NibDiagrams
import NibModel

/// How a node or edge of a diff diagram looks: one style per change status.
enum DiffStatus: String, CaseIterable, Sendable {
    case added, removed, changed, cosmetic, unchanged

    init(_ kind: ChangeKind) {
        switch kind {
        case .added: self = .added
        case .removed: self = .removed
        case .changed: self = .changed
        }
    }

    /// Line and text colour (GitHub's diff palette, readable on white).
    var color: String {
        switch self {
        case .added: "#1a7f37"
        case .removed: "#cf222e"
        case .changed: "#9a6700"
        case .cosmetic: "#6e7781"
        case .unchanged: "#afb8c1"
        }
    }

    /// Fill colour of nodes.
    var fill: String {
        switch self {
        case .added: "#dafbe1"
        case .removed: "#ffebe9"
        case .changed: "#fff8c5"
        case .cosmetic, .unchanged: "#ffffff"
        }
    }

    /// Text colour: unchanged parts are faded so the eye goes to the changes.
    var fontColor: String {
        switch self {
        case .unchanged: "#8c959f"
        case .cosmetic: "#57606a"
        default: "#1f2328"
        }
    }

    /// DOT `style` of nodes.
    var nodeStyle: String {
        switch self {
        case .removed: "filled,dashed,rounded"
        case .cosmetic: "filled,dotted,rounded"
        case .added, .changed: "filled,bold,rounded"
        case .unchanged: "filled,rounded"
        }
    }

    /// The legend's words.
    var legend: String {
        switch self {
        case .added: "added"
        case .removed: "removed"
        case .changed: "changed"
        case .cosmetic: "cosmetic only"
        case .unchanged: "unchanged"
        }
    }

    /// A one-character marker for node text lines.
    var sign: String {
        switch self {
        case .added: "+"
        case .removed: "−"
        case .changed: "~"
        case .cosmetic, .unchanged: "·"
        }
    }
}

/// Quoting for diff diagrams: NibDiagrams' `DOTEscaping`, the one quoting function of the project.
enum DiffEscaping {
    /// A DOT double-quoted string Graphviz shows exactly as `text` (tooltips escaped once more).
    static func quoted(_ text: String, tooltip: Bool = false) -> String {
        DOTEscaping.quoted(text, for: tooltip ? .tooltip : .label)
    }

    /// Text inside an HTML-like label cell, on one line.
    static func html(_ text: String) -> String {
        DOTEscaping.html(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
    }

    /// Shortens text for a diagram label.
    static func clip(_ text: String, _ limit: Int = 48) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
