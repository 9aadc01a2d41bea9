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

    /// The key under which the summary of the document at `relative` is remembered: the build's
    /// options, site sources and tool (`InputDigest.global`), the document's path and bytes.
    func summaryKey(_ relative: String) -> String? {
        guard !digests.global.isEmpty, let digest = digests.documents[relative] else { return nil }
        return StableHash.hex([digests.global, relative, digest])
    }

    /// The summaries the previous build kept of documents whose key is unchanged, by relative
    /// path: those documents are not parsed unless planned (`summariesTaken` counts them). Nil
    /// when no state is saved (`--no-cache`): then no record needs to carry its summary.
    func earlierSummaries() -> (@Sendable (String) -> NibGraph?)? {
        guard options.useCache else { return nil }
        let kept = previous?.summaries ?? [:]
        let keys = digests.documents.keys.reduce(into: [String: String]()) { keys, relative in keys[relative] = summaryKey(relative) }
        let taken = summariesTaken
        return { relative in
            guard let summary = kept[relative], let key = keys[relative], summary.key == key else { return nil }
            _ = taken.increment()
            return summary.graph
        }
    }

    /// Moves each document's summary from its record to the state for the next build: only
    /// when every file of the document still has the size and modification time it was hashed
    /// with (`InputDigest.FileDigest`), so the summary is of the bytes its key names. A document
    /// edited while this build read it, or within two seconds before (its files' digests are not
    /// kept either), is parsed again next time.
    func keepSummaries() {
        timings.documentsSummarized = summariesTaken.current
        for number in content.documents.indices {
            let relative = content.documents[number].relative
            guard let summary = content.documents[number].summary else { continue }
            content.documents[number].summary = nil
            guard let key = summaryKey(relative), let files = digests.documentFiles[relative], !files.isEmpty,
                files.allSatisfy({ file in
                    guard let hashed = digests.files[file], let now = POSIXFile.stamp(file) else { return false }
                    return now.size == hashed.size && now.modified == hashed.modified
                })
            else { continue }
            state.summaries[relative] = BuildState.Summary(key: key, graph: summary)
        }
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
