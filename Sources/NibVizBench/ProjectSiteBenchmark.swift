import Foundation

/// The site of real apps with their sources (`site DOCS --sources SRC`), as a developer
/// rebuilds it: cold, with nothing changed, after a comment added to one Swift file, after a
/// method added to one class a document uses, and after a label edited in one document. Two
/// projects: the source corpus's project with the most source files that has documents in the
/// corpus (pocket-casts-ios: 66 documents, 1,350 source files), and the whole corpus (539
/// documents) with the sources of every re-created project (~4,600 files), the size of a big
/// app. Every rebuild is a ratio against the cold build of the same run.
func runProjectSiteBenchmark(nibviz: URL, corpus: URL, sources: URL) -> String {
    var report = ["## Project site: documents with their sources (#17)", ""]
    let projects = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).filter {
        $0.contains("__") && FileManager.default.fileExists(atPath: corpus.appendingPathComponent($0).path)
    }.sorted()
    // Each project's file count, once (not per comparison).
    let sizes = projects.map {
        ($0, FileManager.default.enumerator(atPath: sources.appendingPathComponent($0).path)?.allObjects.count ?? 0)
    }
    guard let project = sizes.max(by: { ($0.1, $1.0) < ($1.1, $0.0) })?.0 else {
        return (report + ["(no source corpus under \(sources.path); re-create it with corpus/sources/rebuild.sh)"]).joined(separator: "\n")
    }
    let directory = scratchFolder("bench-project-site")
    // The project's current documents (its `rev-` files are earlier versions, not the app's).
    let app = directory.appendingPathComponent("app")
    copy(corpus.appendingPathComponent(project), to: app.appendingPathComponent("documents")) { !$0.hasPrefix("rev-") }
    copy(sources.appendingPathComponent(project), to: app.appendingPathComponent("sources")) { _ in true }
    report += projectRebuilds(nibviz: nibviz, folder: app, title: project)
    // Every corpus document, each project's sources in a folder of its own.
    let big = directory.appendingPathComponent("corpus")
    copy(corpus, to: big.appendingPathComponent("documents")) { _ in true }
    for name in projects {
        copy(sources.appendingPathComponent(name), to: big.appendingPathComponent("sources").appendingPathComponent(name)) { _ in true }
    }
    report += [""] + projectRebuilds(nibviz: nibviz, folder: big, title: "the corpus with the sources of its \(projects.count) projects")
    return report.joined(separator: "\n")
}

/// Copies the entries of `source` that `keep` accepts (by name) into `target`.
private func copy(_ source: URL, to target: URL, keep: (String) -> Bool) {
    try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    for name in ((try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? []) where keep(name) {
        try? FileManager.default.copyItem(at: source.appendingPathComponent(name), to: target.appendingPathComponent(name))
    }
}

/// The cold build and the rebuilds of `folder/documents` with `folder/sources`, as table rows.
private func projectRebuilds(nibviz: URL, folder: URL, title: String) -> [String] {
    let documents = folder.appendingPathComponent("documents")
    let code = folder.appendingPathComponent("sources")
    // Copies are new files: a build records a file's digest once it has stood still for two
    // seconds, so the copies are dated a minute back, as a checkout's files are.
    let old = Date().addingTimeInterval(-60)
    for case let file as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
        try? FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(file).path)
    }
    let log = folder.appendingPathComponent("stderr.txt").path
    let output = folder.appendingPathComponent("public").path
    func build() -> (run: ChildRun, stderr: String) {
        let run = runMeasured(nibviz.path, ["site", documents.path, "--sources", code.path, "-o", output, "--timings"], stderrPath: log)
        return (run, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }
    func line(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) } ?? ""
    }
    let files = ((FileManager.default.enumerator(atPath: code.path)?.allObjects as? [String]) ?? []).filter { $0.hasSuffix(".swift") }
        .sorted()
    let documentText = ((FileManager.default.enumerator(atPath: documents.path)?.allObjects as? [String]) ?? []).compactMap {
        try? String(contentsOf: documents.appendingPathComponent($0), encoding: .utf8)
    }.joined()
    // The first Swift file declaring a class a document names, for the declaration edit.
    let used = files.first { file in
        guard let text = try? String(contentsOf: code.appendingPathComponent(file), encoding: .utf8),
            let name = text.split(separator: "\n").lazy.compactMap({ declaredClassName(in: $0) }).first
        else { return false }
        return documentText.contains("customClass=\"\(name)\"")
    }
    // The first Swift file declaring no class (and no package manifest), for the comment edit.
    let plain = files.first { file in
        !file.hasSuffix("Package.swift")
            && ((try? String(contentsOf: code.appendingPathComponent(file), encoding: .utf8)) ?? "class ").contains("class ") == false
    }
    let cold = build()
    let again = build()
    var rows: [(String, (run: ChildRun, stderr: String), String)] = [("cold build", cold, ""), ("no change", again, "")]
    if let plain, let handle = FileHandle(forWritingAtPath: code.appendingPathComponent(plain).path) {
        handle.seekToEndOfFile()
        handle.write(Data("\n// edited by the bench\n".utf8))
        try? handle.close()
        rows.append(("a comment added to one Swift file", build(), plain))
    }
    if let used, let text = try? String(contentsOf: code.appendingPathComponent(used), encoding: .utf8),
        let brace = text.range(of: "{\n")
    {
        var edited = text
        edited.replaceSubrange(brace, with: "{\n    override func awakeFromNib() { super.awakeFromNib() }\n")
        try? edited.write(to: code.appendingPathComponent(used), atomically: true, encoding: .utf8)
        rows.append(("a method added to a class a document uses", build(), used))
    }
    if let edited = editOneDocument(under: documents) {
        rows.append(("a label edited in one document", build(), String(edited.dropFirst("edited a user label in ".count))))
    }
    var report = [
        "\(title): \(countDocuments(documents)) documents, \(files.count) Swift files; "
            + "`site DOCS --sources SRC`, \(ProcessInfo.processInfo.activeProcessorCount) jobs; each rebuild after the one above it", "",
        "| build | seconds | vs cold build | documents | source files | edited |", "|---|---|---|---|---|---|",
    ]
    for (name, result, edited) in rows {
        let planned = line(result.stderr, "documents planned").replacingOccurrences(of: "documents ", with: "")
        let parsed = line(result.stderr, "source files parsed").replacingOccurrences(of: "source files ", with: "")
        report.append(
            "| \(name) | \(format(result.run.seconds)) | \(format(100 * result.run.seconds / cold.run.seconds)) % | "
                + "\(result.stderr.contains("site is up to date") ? "up to date" : planned) | \(parsed.isEmpty ? "—" : parsed) | \(edited.isEmpty ? "—" : "`\(edited)`") |"
        )
    }
    return report
}

/// The number of documents (`.xib`, `.storyboard`) under `folder`.
func countDocuments(_ folder: URL) -> Int {
    ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []).filter {
        $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard")
    }.count
}

/// The name of the class a Swift line declares (`final class Name: Base {`), if it declares one.
func declaredClassName(in line: Substring) -> String? {
    var words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })[...]
    while let first = words.first, ["final", "public", "open", "internal", "@objc", "@MainActor"].contains(String(first)) {
        words = words.dropFirst()
    }
    guard words.first == "class", words.count > 1, let name = words.dropFirst().first, name.first?.isLetter == true else { return nil }
    return String(name)
}
