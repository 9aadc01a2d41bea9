import Foundation
import NibModel
import NibTestSupport
import Testing

@testable import NibSite
@testable import NibSiteBuild

/// A document's parsed graph is let go once its pages are adopted (`DocumentShelf`), not when
/// the last document is planned: the build's memory follows the documents still to plan.
@Suite("Document release")
struct DocumentReleaseTests {
    @Test(arguments: [1, 2])
    func eachDocumentGoesOnceItsPagesAreAdopted(jobs: Int) throws {
        let folder = SiteFixtures.inputs(in: SiteFixtures.temporaryDirectory("release-\(jobs)"), includeBad: true)
        var content = SiteContent()
        content.rules = try SiteContent.readRules(siteRoot: SiteFixtures.siteRoot)
        content.documents = SiteContent.readDocuments(inputs: [folder])
        let count = content.documents.count
        #expect(count == 4)
        let planner = SitePlanner(settings: SitePlanner.Settings(version: "test", inputs: [folder], jobs: jobs), content: content)
        #expect(planner.documentsHeld == 0)
        var held: [Int] = []
        var outlined: [Bool] = []
        planner.pagesAdopted = { _ in
            held.append(planner.documentsHeld)
            // The planner itself holds outlines only: no objects.
            outlined.append(planner.content.documents.allSatisfy { (try? $0.graph.get().objects.isEmpty) ?? true })
        }
        try planner.plan()
        // Unit k is adopted while documents k…count-1 are still held; all are let go after.
        #expect(held == Array((1...count).reversed()))
        #expect(outlined.allSatisfy { $0 })
        #expect(planner.documentsHeld == 0)
        // Every document still has its pages, with its objects on them.
        #expect(planner.pages.contains { $0.path.hasSuffix("Card.xib.html") })
    }

    /// A planner given its documents after it was made (as tests make one) documents a
    /// project, and still does once it lets them go.
    @Test func aPlannerFilledLaterDocumentsAProject() throws {
        let folder = SiteFixtures.inputs(in: SiteFixtures.temporaryDirectory("release-later"), includeBad: false)
        let planner = SitePlanner(settings: SitePlanner.Settings(version: "test", inputs: [folder]))
        #expect(!planner.hasProject)
        planner.content.documents = SiteContent.readDocuments(inputs: [folder])
        #expect(planner.hasProject)
        #expect(planner.conceptsHome == "concepts/index.html")
        planner.releaseDocuments()
        #expect(planner.hasProject)
    }
}
