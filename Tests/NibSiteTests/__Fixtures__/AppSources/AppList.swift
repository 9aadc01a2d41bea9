import UIKit

// Sources of the fixture project App/ (Main.storyboard, Settings.storyboard) for `site --sources`.
final class AppListViewController: UIViewController {
    @IBOutlet weak var refreshButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
    }

    @IBAction func refresh(_ sender: Any) {}
}

final class AppDetailViewController: UIViewController {
    // Renamed from `backButton`: the storyboard's outlet now names a key this class lacks.
    @IBOutlet weak var closeButton: UIButton!

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
    }
}
