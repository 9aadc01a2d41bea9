import Foundation
import NibCheck
import NibModel
import NibParsing
import NibScenario
import NibSimulation
import NibSite
import NibSources

/// The read step of a site built with the app's sources: one class table from
/// `SourceScanner` drives every document's simulation, and `check`'s findings are placed on
/// the document they are located in.
extension SiteContent {
    /// The documents `options` names, simulated with the class table of its sources (when it
    /// names some), each carrying the `check` findings located in it; and what the sources gave.
    /// A source folder that cannot be read is an error naming it. `survey` is the sources'
    /// survey when the build already made it (hashing the inputs); `earlierSources` holds the
    /// declarations of source files an earlier build read from the same bytes (by path), taken
    /// instead of parsing them again; `earlierSummaries` the graphs' summaries it kept of
    /// documents of the same bytes (`readDocuments`). Also returns every source file's
    /// declarations as read.
    public static func readProject(
        _ options: SiteOptions, simulateLater: Bool = false, survey: SourceSurvey? = nil,
        earlierSources: [String: ScannedFile] = [:], appFiles: MainStoryboards.AppFiles? = nil,
        earlierSummaries: (@Sendable (_ relative: String) -> NibGraph?)? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> (
        documents: [DocumentRecord], sources: SourcesRecord?, scanned: [(file: SourceFile, scanned: ScannedFile)]
    ) {
        let paths = options.sources.map(\.path)
        var index: SourceIndex?
        var scannedFiles: [(file: SourceFile, scanned: ScannedFile)] = []
        if !paths.isEmpty {
            do {
                let survey = try survey ?? SourceScanner.survey(paths)
                let scanned = try SourceScanner.read(files: survey.files, jobs: options.jobs, earlier: earlierSources)
                index = SourceScanner.index(scanned, files: survey.files, modules: survey.modules)
                scannedFiles = Array(zip(survey.files, scanned))
            } catch let failure as SourceScanner.Failure {
                throw SiteBuildError(step: "read sources", message: failure.description)
            }
        }
        let table = index?.table
        var documents = readDocuments(
            inputs: options.inputs, exclusion: options.exclusion, classes: table, platform: options.platform, jobs: options.jobs,
            progress: progress, sources: index, simulateLater: simulateLater,
            parsedBudget: index == nil ? options.documentMemory : nil, appFiles: appFiles, earlierSummaries: earlierSummaries)
        guard let index, let table else { return (documents, nil, scannedFiles) }
        let graphs = documents.compactMap { try? $0.graph.get() }
        // Source files are named as the documents are, below the inputs' folder, not by the
        // builder's own paths (a site is read elsewhere).
        let base = options.inputs.first.map { $0.standardizedFileURL.deletingLastPathComponent().path + "/" }
        var checker = Checker(graphs: graphs, index: index)
        checker.documentRoot = base
        let (checked, statistics) = checker.run()
        let findings = checked.map { finding in
            var finding = finding
            if let base {
                if finding.file.hasPrefix(base) { finding.file.removeFirst(base.count) }
                if let file = finding.sourceFile, file.hasPrefix(base) { finding.sourceFile = String(file.dropFirst(base.count)) }
            }
            return finding
        }
        // A finding names the graph's file: the document, or the archive inside a compiled nib bundle.
        let byFile = Dictionary(grouping: findings, by: \.file)
        for number in documents.indices {
            guard let file = try? documents[number].graph.get().file else { continue }
            documents[number].findings = byFile[file] ?? []
        }
        let documentFiles = Set(graphs.map(\.file))
        let record = SourcesRecord(
            paths: paths, classCount: table.count, swiftFileCount: index.swiftFileCount, objcFileCount: index.objcFileCount,
            codeFindings: findings.filter { !documentFiles.contains($0.file) }, statistics: statistics, findings: findings)
        // `check` read every graph in full; past the budget a site build keeps their summaries.
        let kept = keptParsed(sizes: documents.map(\.size), budget: options.documentMemory)
        return (zip(documents, kept).map { $1 ? $0 : $0.summarized }, record, scannedFiles)
    }
}
