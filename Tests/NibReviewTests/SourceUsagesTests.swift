import Foundation
import Testing

@testable import NibDiffing
@testable import NibReview

/// The `--sources` scan finds Swift and Objective-C uses of a nib's names, file:line.
@Suite struct SourceUsagesTests {
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("nibviz-sources-\(UUID().uuidString)")
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func swiftAndObjectiveCUsesAreFoundByKind() throws {
        let root = try folder([
            "Swift/Items.swift": """
            final class ItemsViewController: UIViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBOutlet weak var subtitleLabel: UILabel!
                func go() { performSegue(withIdentifier: "showDetail", sender: nil) }
                func make() -> UIViewController { storyboard!.instantiateViewController(withIdentifier: "Detail") }
                func cell() { tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: path) }
                func wire() { button.addTarget(self, action: #selector(open(_:)), for: .touchUpInside) }
                @IBAction func open(_ sender: Any) {}
                func cast(_ c: UIViewController) { _ = c as! DetailViewController }
            }
            """,
            "ObjC/Items.m": """
            @interface ItemsViewController ()
            @property (weak, nonatomic) IBOutlet UILabel *titleLabel;
            @end
            @implementation ItemsViewController
            - (void)go { [self performSegueWithIdentifier:@"showDetail" sender:nil]; }
            - (IBAction)open:(id)sender { [self.button addTarget:self action:@selector(open:) forControlEvents:0]; }
            @end
            """,
            "notes.txt": "showDetail titleLabel",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let usages = SourceUsages(folders: [root.path])
        func places(_ name: String, _ kind: Risk.Kind) -> [String] {
            usages.uses(of: name, kind: kind).map {
                "\(URL(fileURLWithPath: $0.file).deletingLastPathComponent().lastPathComponent):\($0.line)"
            }
        }
        #expect(places("showDetail", .segueIdentifier) == ["ObjC:5", "Swift:4"])
        #expect(places("Detail", .storyboardIdentifier) == ["Swift:5"])
        #expect(places("ItemCell", .reuseIdentifier) == ["Swift:6"])
        #expect(places("titleLabel", .outlet) == ["ObjC:2", "Swift:2"])
        #expect(places("open:", .action) == ["ObjC:6", "Swift:7", "Swift:8"])
        #expect(places("DetailViewController", .customClass) == ["Swift:9"])
        #expect(places("missing", .segueIdentifier).isEmpty)
    }
}
