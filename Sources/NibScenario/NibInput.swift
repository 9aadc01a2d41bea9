import Foundation
import NibModel
import NibParsing

/// A file nibviz reads as one input: an Interface Builder document or a scenario. The one
/// reader every command that takes "a document or a scenario" uses (`InputClassifier` decides).
public enum NibInput: Sendable {
    /// A `.xib`, `.storyboard`, `designable.nib` or compiled nib.
    case document(NibGraph)
    /// A YAML scenario with its nibs read.
    case scenario(Scenario)

    /// Reads `url`; `displayName` names it in the model and in errors (`file:line:col: …`).
    public static func read(_ url: URL, displayName: String) throws -> NibInput {
        if InputClassifier.kind(of: url) == .scenario {
            return .scenario(
                try ScenarioParser.parse(contentsOf: url, displayName: displayName, loadDocument: ScenarioParser.documentParser))
        }
        return .document(try NibDocumentParser.parse(contentsOf: url, displayName: displayName))
    }

    /// The document, or the scenario's first nib.
    public var graph: NibGraph? {
        switch self {
        case .document(let graph): graph
        case .scenario(let scenario): scenario.nibs.first?.graph
        }
    }

    /// The scenario, when the input is one.
    public var scenario: Scenario? {
        if case .scenario(let scenario) = self { return scenario }
        return nil
    }
}
