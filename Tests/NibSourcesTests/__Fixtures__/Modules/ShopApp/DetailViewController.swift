import UIKit

/// Fixture: the storyboard still names this class's old module (ShopApp).
class DetailViewController: UIViewController {
    @IBOutlet var detailLabel: UILabel!

    override func viewDidLoad() {
        super.viewDidLoad()
    }
}
