import Foundation
import NibOutput
import NibSite
import Synchronization

/// The files every page shares — the search index and the site's assets — written on a thread
/// of their own from the moment every page is planned (`start`), while the pages are written and
/// the last diagrams drawn, instead of after them; at once on the caller's thread when the build
/// is serial (`--jobs 1`). `finish` waits for them and throws what failed.
final class SharedFiles: @unchecked Sendable {
    private let work: SerialWork
    private let failure = Mutex<(any Error)?>(nil)

    init(threaded: Bool) {
        work = SerialWork(label: "nibviz.shared-files", threaded: threaded)
    }

    /// Starts writing the search index of `pages` and the assets of `siteRoot` into `output`.
    func start(_ pages: SearchPages, siteRoot: URL, output: OutputFolder) {
        work.run { [self] in
            do {
                try pages.writeIndex { try output.write($1, to: $0) }
                try SiteAssets.write(siteRoot: siteRoot) { try output.write($1, to: $0) }
            } catch {
                failure.withLock { $0 = error }
            }
        }
    }

    /// Waits for the files; throws when one could not be written.
    func finish() throws {
        work.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
