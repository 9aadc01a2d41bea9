import UIKit

final class SettingsViewController: UIViewController {
    @IBOutlet weak var notificationsSwitch: UISwitch!

    // `toggleNotifications:` was removed: the switch's action now reaches no method.
    override func awakeFromNib() {
        super.awakeFromNib()
    }
}

final class AboutViewController: UIViewController {}
