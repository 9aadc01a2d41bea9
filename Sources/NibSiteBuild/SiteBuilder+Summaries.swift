import Foundation
import NibModel
import NibOutput
import NibSite

/// Documents not parsed again: each build saves every document's graph summary
/// (`NibGraph.siteSummary`) beside its state, and the next one takes it instead of parsing a
/// document whose key is unchanged; the document is parsed only if its pages are planned.
extension SiteBuilder {
    /// The key under which the summary of the document at `relative` is remembered: the build's
    /// options, site sources and tool (`InputDigest.global`), the document's path and bytes.
    func summaryKey(_ relative: String) -> String? {
        guard !digests.global.isEmpty, let digest = digests.documents[relative] else { return nil }
        return StableHash.hex([digests.global, relative, digest])
    }

    /// The summaries the previous build kept of documents whose key is unchanged, by relative
    /// path: those documents are not parsed unless planned (`summariesTaken` counts them). Nil
    /// when no state is saved (`--no-cache`): then no record needs to carry its summary.
    func earlierSummaries(in output: OutputFolder) -> (@Sendable (String) -> NibGraph?)? {
        guard options.useCache else { return nil }
        var kept: [String: BuildState.Summary] = [:]
        if previous != nil, options.takesKeptSummaries,
            let shards = StateShards.read(
                paths: (0..<BuildState.summaryShards).map(BuildState.summariesPath), in: output, jobs: options.jobs,
                decode: { try BuildState.Summaries(decoding: Array($0)) }, accepted: { $0.format == BuildState.format })
        {
            previousSummaries = shards
            for shard in shards { kept.merge(shard.summaries) { first, _ in first } }
        }
        let keys = digests.documents.keys.reduce(into: [String: String]()) { keys, relative in keys[relative] = summaryKey(relative) }
        let taken = summariesTaken
        return { [kept] relative in
            guard let summary = kept[relative], let key = keys[relative], summary.key == key else { return nil }
            _ = taken.increment()
            return summary.graph
        }
    }

    /// Builds the site; when a document's kept summary turns out not to be the document's (it
    /// changed within the clock tick it was hashed in, or the state was edited), says so through
    /// `note` and builds once more without the kept summaries, writing fresh ones, rather than
    /// fail every build until `--no-cache`.
    public static func build(options: SiteOptions, backend: DiagramBackend, note: (String) -> Void) throws -> SiteReport {
        do {
            return try SiteBuilder(options: options, backend: backend).build()
        } catch let error as SiteBuildError where error.keptSummaryStale {
            note("site: \(error.message.prefix { $0 != ";" }); building again without the summaries the last build kept")
            var again = options
            again.takesKeptSummaries = false
            return try SiteBuilder(options: again, backend: backend).build()
        }
    }

    /// Saves each document's summary for the next build (`summariesToSave`) as soon as the
    /// documents are read: the shards whose summaries changed are written, the others carried,
    /// and nothing of them stays in memory while pages are made.
    func saveSummaries(_ output: OutputFolder) throws {
        timings.documentsSummarized = summariesTaken.current
        let shards = summariesToSave()
        defer { previousSummaries = nil }
        guard options.useCache else { return }
        try StateShards.write(
            shards, to: (0..<BuildState.summaryShards).map(BuildState.summariesPath), previous: previousSummaries, in: output,
            jobs: options.jobs
        ) { Data($0.encoded()) }
    }

    /// The records' summaries, by shard, taken from the records: each only when every file of
    /// its document still has the size and modification time it was hashed with
    /// (`InputDigest.FileDigest`), so the summary is of the bytes its key names. A document
    /// edited while this build read it, or within two seconds before (its files' digests are not
    /// kept either), is parsed again next time.
    func summariesToSave() -> [BuildState.Summaries] {
        var shards = Array(repeating: BuildState.Summaries(), count: BuildState.summaryShards)
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
            shards[StateShards.shard(relative, of: BuildState.summaryShards)].summaries[relative] =
                BuildState.Summary(key: key, graph: summary)
        }
        return shards
    }
}
