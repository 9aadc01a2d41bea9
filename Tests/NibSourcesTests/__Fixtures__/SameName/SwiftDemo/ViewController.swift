import UIKit

class ViewController: UIViewController {
    @IBOutlet var swiftButton: UIButton!

    @IBAction func swiftTapped(_ sender: Any) {}
}

class OnlySwiftController: UIViewController {
    @IBOutlet var onlyLabel: UILabel!
}
