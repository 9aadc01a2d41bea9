import UIKit

/// Fixture: a controller of the Xcode target "Shop App" (module Shop_App).
class HomeViewController: UIViewController {
    @IBOutlet var headline: UILabel!
}
