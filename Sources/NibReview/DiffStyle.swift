import NibDOT
import NibDiffing
import NibModel

/// The change status of a node or edge of a diff diagram; colours come from NibDiagrams'
/// palette (light and dark) through its style roles.
enum DiffStatus: String, CaseIterable, Sendable {
    case added, removed, changed, cosmetic, unchanged

    init(_ kind: ChangeKind) {
        switch kind {
        case .added: self = .added
        case .removed: self = .removed
        case .changed: self = .changed
        }
    }

    /// The node role.
    var nodeRole: StyleRole {
        switch self {
        case .added: .diffAdded
        case .removed: .diffRemoved
        case .changed: .diffChanged
        case .cosmetic: .diffCosmetic
        case .unchanged: .diffUnchanged
        }
    }

    /// The edge role.
    var edgeRole: StyleRole {
        switch self {
        case .added: .diffAddedEdge
        case .removed: .diffRemovedEdge
        case .changed: .diffChangedEdge
        case .cosmetic, .unchanged: .diffUnchangedEdge
        }
    }

    /// DOT `style` of nodes (line style tells statuses apart in grey print too).
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

    /// A one-character marker for node text lines and text reports.
    var sign: String {
        switch self {
        case .added: "+"
        case .removed: "−"
        case .changed: "~"
        case .cosmetic, .unchanged: "·"
        }
    }
}
