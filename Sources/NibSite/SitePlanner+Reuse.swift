import Foundation
import NibModel

/// What a document's pages read from the rest of the project, as one digest (`unitContext`):
/// with the document's own bytes and the build's options, it decides whether the pages of an
/// earlier build can stand for a new plan of the document (`reuseUnit`). A document whose
/// digest and context are unchanged is neither planned nor laid out again.
extension SitePlanner {
    /// The pages an earlier build planned for a document, as the build state remembers them.
    public struct KeptUnit: Sendable {
        /// Its scene pages, then its object part pages and its own page, in plan order.
        public var pages: [KeptPage]
        /// How many of `pages` are scene pages.
        public var sceneCount: Int
        /// The object part paths it claimed, in order: (path asked, key, path given).
        public var claims: [[String]]

        /// Creates a kept unit.
        public init(pages: [KeptPage], sceneCount: Int, claims: [[String]]) {
            self.pages = pages
            self.sceneCount = sceneCount
            self.claims = claims
        }
    }

    /// A page kept from an earlier build: what the search index and the report need of it.
    public struct KeptPage: Sendable, Equatable {
        /// Output path.
        public var path: String
        /// Title.
        public var title: String
        /// One-line summary for search.
        public var summary: String
        /// Search terms: kind, text, anchor ("" for none).
        public var terms: [[String]]

        /// Creates a kept page.
        public init(path: String, title: String, summary: String, terms: [[String]]) {
            self.path = path
            self.title = title
            self.summary = summary
            self.terms = terms
        }
    }

    /// What the build remembers of each document's pages (`units`).
    public struct UnitRecord: Sendable {
        /// `unitContext` of the document.
        public var context: String
        /// Its pages as `KeptPage`s, scene pages first.
        public var pages: [KeptPage]
        /// How many of `pages` are scene pages.
        public var sceneCount: Int
        /// Its claims (path asked, key, path given).
        public var claims: [[String]]
        /// Its figures' numbers (empty when kept).
        public var figures: Range<Int>
        /// Whether the pages were kept from the earlier build instead of planned.
        public var kept: Bool
    }

    /// A digest of everything document `number`'s pages read beyond its own graph and timeline:
    /// what its simulations read of the app's classes, its page paths, the rule ids and scenario names the linker
    /// knows, its findings, the segues into and out of its scenes with the pages and titles at
    /// their ends, the targets of its storyboard references, and the uses of its custom classes
    /// its scene pages can list.
    func unitContext(_ number: Int, shared: String) -> String {
        let document = content.documents[number]
        var parts: [String] = [shared, sceneIndex.documentPaths[number], document.classesDigest]
        // Every field of a finding, not the ones its pages show today: a page that came to show
        // one more (the source line of the class) kept stale pages after a source edit.
        parts += document.findings.map { SiteContent.digestText($0) }
        parts += (sceneIndex.paths[number] ?? [:]).sorted { $0.key < $1.key }.map { $0.key + "\u{0}" + $0.value }
        func end(_ document: Int, _ scene: String?) -> String {
            guard document >= 0 else { return "-" }
            let scenePath = sceneIndex.path(document: document, scene: scene) ?? ""
            let title = scene.flatMap { sceneIndex.sceneTitles[document]?[$0] } ?? ""
            return [content.documents[document].relative, sceneIndex.documentPaths[document], scene ?? "", scenePath, title].joined(
                separator: "\u{0}")
        }
        for segue in sceneIndex.segues where segue.fromDocument == number || segue.toDocument == number {
            parts.append(
                [
                    end(segue.fromDocument, segue.fromScene), end(segue.toDocument, segue.toScene), segue.name, segue.kind,
                    segue.reference ?? "",
                ]
                .joined(separator: "\u{1}"))
        }
        guard case .success(let graph) = document.graph else { return StableHash.hex(parts) }
        for object in graph.objects where object.placeholder == PlaceholderIdentifier.storyboardReference {
            parts.append(object.id.rawValue + "\u{0}" + (referenceTarget(object, number: number) ?? "-"))
        }
        // A scene page lists the first `classUsesShown` uses of each of its classes that are not
        // on the page itself, and a link to the rest when there are more: what it can show is
        // among the first `classUsesShown` + (uses in this document) uses, and whether there
        // are more than those. A use added further down the list leaves the pages as they were.
        let uses = memo.classUses ?? [:]
        let counts = graph.objects.reduce(into: [String: Int]()) { counts, object in
            if let custom = object.appClass { counts[custom, default: 0] += 1 }
        }
        for (name, here) in counts.sorted(by: { $0.key < $1.key }) {
            let all = uses[name] ?? []
            let shown = Self.classUsesShown + here
            parts.append(name + (all.count > shown ? "\u{0}and more" : ""))
            parts += all.prefix(shown).map { $0.0 + "\u{0}" + $0.1 }
        }
        return StableHash.hex(parts)
    }

    /// What every document's pages read of the whole build: the rule ids, the scenario names (the
    /// linker's targets), whether there is a class table. (The paths a document's pages claim
    /// are in its own context; its object part claims are replayed on adoption.)
    var sharedContext: String {
        var parts = content.rules.map(\.id)
        parts += content.scenarios.map(\.name)
        parts.append(content.hasClassTable ? "classes" : "no classes")
        return StableHash.hex(parts)
    }
}

extension SitePage {
    /// The page as the build state remembers it.
    var kept: SitePlanner.KeptPage {
        SitePlanner.KeptPage(
            path: path, title: title, summary: summary, terms: searchTerms.map { [$0.kind, $0.text, $0.anchor ?? ""] })
    }

    /// A page kept from an earlier build: no content (it is not written again), its search data.
    init(kept: SitePlanner.KeptPage) {
        self.init(path: kept.path, title: kept.title, breadcrumbs: [], content: PageContent(), section: "documents")
        summary = kept.summary
        // The search index writes a missing anchor as "", so "" stands for none.
        searchTerms = kept.terms.map { (kind: $0.first ?? "", text: $0.count > 1 ? $0[1] : "", anchor: $0.count > 2 ? $0[2] : nil) }
        isKept = true
    }
}
