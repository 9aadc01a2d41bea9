import Foundation
import NibCheck
import NibModel

/// How storyboards opened through storyboard references are met: UIKit loads the referenced
/// storyboard when a segue or relationship lands on the reference, with no code. Each storyboard
/// is simulated on its own (R-SB-8: the reference keeps its place, the other storyboard is not
/// loaded), so its run only knows "not the main storyboard"; the pages that would say "from
/// code" name the references that open it instead.
extension SitePlanner {
    /// The segues of other storyboards that go through a storyboard reference into document
    /// `number` (into `scene` when given), in the order the site lists segues. A reference to
    /// its own storyboard loads nothing new, so it is left out.
    func referenceArrivals(into number: Int, scene: String? = nil) -> [SceneIndex.Segue] {
        sceneIndex.segues.filter {
            $0.reference != nil && $0.toDocument == number && $0.fromDocument != number && (scene == nil || $0.toScene == scene)
        }
    }

    /// `relationship rootViewController from “Chats” in Main.storyboard`: one arrival in words
    /// (only what the scene index holds: another storyboard's simulation is not at hand while
    /// this one's pages are planned, so whether the source is met at launch is left to its page).
    func arrivalText(_ segue: SceneIndex.Segue) -> String {
        let records = content.documents
        let board =
            records.indices.contains(segue.fromDocument)
            ? PagePath.lastComponent(records[segue.fromDocument].relative) : "another storyboard"
        let title = sceneIndex.sceneTitles[segue.fromDocument]?[segue.fromScene] ?? segue.fromScene
        let name = segue.name.isEmpty ? "" : " " + segue.name
        return "\(segue.kind)\(name) from “\(title)” in \(board)"
    }

    /// Up to three arrivals, then how many more.
    func arrivalsText(_ arrivals: [SceneIndex.Segue]) -> String {
        let shown = arrivals.prefix(3).map(arrivalText).joined(separator: "; ")
        return arrivals.count > 3 ? shown + "; and \(arrivals.count - 3) more" : shown
    }

    /// The storyboard page's "Loaded": the role's words, or, for a storyboard other than the main
    /// one that references open, those references.
    func loadedText(_ document: SiteContent.DocumentRecord, number: Int) -> String {
        let role = document.launch?.role ?? .assumedMain
        let arrivals = referenceArrivals(into: number)
        guard !role.isMain, !arrivals.isEmpty else { return role.summary }
        return "through storyboard references (\(arrivalsText(arrivals))), not as the main storyboard"
            + (role.isAssumed ? " (assumed)" : "") + ": \(role.basis)"
    }

    /// How the app reaches a scene of document `number`: through the references that land on it,
    /// else what the storyboard's own simulation says (`reachText`).
    func reachText(_ part: ScenePart, in graph: NibGraph, number: Int) -> String {
        let arrivals = referenceArrivals(into: number, scene: part.sceneID)
        let record = document(number)
        let role = record.launch?.role ?? .assumedMain
        guard !role.isMain, !arrivals.isEmpty else {
            let text = Self.reachText(part.reach, in: graph)
            // The simulator starts a run at a Storyboard ID; when the check found no code that
            // uses that ID (R-CHK-8), the start is an assumption, and the page says so.
            if case .identifier(let identifier, _) = part.reach,
                record.findings.contains(where: { $0.kind == .unusedIdentifier && $0.key == identifier })
            {
                return text + " (assumed: no source file uses this Storyboard ID, R-CHK-8)"
            }
            return text
        }
        return "through a storyboard reference: " + arrivalsText(arrivals)
    }
}
