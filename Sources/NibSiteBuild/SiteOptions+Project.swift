import Foundation
import NibModel
import NibParsing
import NibScenario

extension SiteOptions {
    /// Folds in the `.nibviz.yml` at the root of each input folder: its title, excludes, sources
    /// (relative to the file) and platform defaults. What the user passed wins (`title`); excludes
    /// and sources add up. A project file's source folder that does not exist is an error naming it.
    public mutating func applyProjectFiles() throws {
        var project = ProjectFile()
        var projectSources: [URL] = []
        for url in inputs {
            guard InputClassifier.kind(of: url) == nil, let file = try ProjectFile.read(in: url) else { continue }
            project.title = project.title ?? file.title
            project.exclude += file.exclude
            project.platform = project.platform ?? file.platform
            for source in file.sourceURLs(relativeTo: url) {
                guard FileManager.default.fileExists(atPath: source.path) else {
                    throw LocatedError(
                        at: FileLocation(file: url.appendingPathComponent(ProjectFile.name).path),
                        "sources: \(source.path): no such file or folder")
                }
                projectSources.append(source)
            }
        }
        title = title ?? project.title
        exclusion = InputExclusion(exclusion.patterns + project.exclude)
        sources += projectSources
        platform = platform ?? project.platform
    }
}
