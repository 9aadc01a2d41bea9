import Foundation
import NibModel
import NibParsing

extension ScenarioParser {
    /// Reads `nibs.*.path` documents with `NibDocumentParser`.
    public static let documentParser: DocumentLoader = { url, name in
        try NibDocumentParser.parse(contentsOf: url, displayName: name)
    }
}
