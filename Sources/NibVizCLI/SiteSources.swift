import Foundation

/// Finds the site sources (`pages/`, `scenarios/`, `assets/`, `data/`) so `nibviz site` works
/// from any folder, not only from the root of a checkout.
enum SiteSources {
    /// The first candidate holding `data/rules.md`: the explicit folder (only that one when
    /// given), `./site`, the checkout that built this binary (`.build/<triple>/<config>/nibviz`
    /// → `site/`), or the installed copy (`<prefix>/bin/nibviz` → `<prefix>/share/nibviz/site`).
    static func locate(explicit: String?) -> URL? {
        if let explicit {
            let url = URL(fileURLWithPath: explicit)
            return isSiteRoot(url) ? url : nil
        }
        var candidates = [URL(fileURLWithPath: "site")]
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let binDirectory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // `.build/debug` is a link to `.build/<triple>/debug`: try both depths.
            candidates.append(binDirectory.appendingPathComponent("../../site").standardizedFileURL)
            candidates.append(binDirectory.appendingPathComponent("../../../site").standardizedFileURL)
            candidates.append(binDirectory.appendingPathComponent("../share/nibviz/site").standardizedFileURL)
        }
        return candidates.first(where: isSiteRoot)
    }

    private static func isSiteRoot(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("data/rules.md").path)
    }
}
