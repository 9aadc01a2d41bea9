import Foundation
import NibModel
import NibOutput
import NibSite

/// Per-document incrementality: the pages of a document whose bytes, and whatever its pages
/// read of the rest of the project (`SitePlanner.unitContext`), are as in the build that wrote
/// the output are kept without planning the document again; their files are carried.
extension SiteBuilder {
    /// The key under which document `number`'s pages are remembered: the build's options, site
    /// sources and tool (`InputDigest.global`), the document's path and bytes, its context.
    func unitKey(_ number: Int, context: String) -> String? {
        let relative = documentPaths[number]
        guard !digests.global.isEmpty, let digest = digests.documents[relative] else { return nil }
        return StableHash.hex([digests.global, relative, digest, context])
    }

    /// The pages the previous build planned for document `number` in `context`, when its key is
    /// unchanged and every file of them is still as that build wrote it.
    func keptUnit(_ number: Int, context: String, in output: OutputFolder) -> SitePlanner.KeptUnit? {
        guard let previous, let key = unitKey(number, context: context),
            let unit = previous.units[documentPaths[number]], unit.key == key
        else { return nil }
        for page in unit.pages {
            guard let written = previous.pages[page.path], previous.keeps(page.path, fingerprint: written.fingerprint, in: output) != nil
            else { return nil }
        }
        return SitePlanner.KeptUnit(pages: unit.pages, sceneCount: unit.sceneCount, claims: unit.claims)
    }

    /// Remembers every document's pages for the next build (`BuildState.units`).
    func recordUnits(_ planner: SitePlanner) {
        for (number, unit) in planner.units.enumerated() {
            let relative = documentPaths[number]
            guard let key = unitKey(number, context: unit.context) else { continue }
            state.units[relative] = BuildState.Unit(
                key: key, pages: unit.pages, sceneCount: unit.sceneCount, claims: unit.claims, failures: [])
        }
        timings.documentsKept = planner.units.filter(\.kept).count
        timings.documentsPlanned = planner.units.count - timings.documentsKept
    }

    /// Fills in each remembered document's diagram failures once the diagrams are rendered.
    func recordUnitFailures() {
        guard let planner else { return }
        for (number, unit) in planner.units.enumerated() {
            let relative = documentPaths[number]
            state.units[relative]?.failures =
                unit.kept ? previous?.units[relative]?.failures ?? [] : diagramFailures(unit.figures)
        }
    }
}
