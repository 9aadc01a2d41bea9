import UIKit

/// Every Swift declaration form nibviz reads (fixture; never compiled here).
class ShopViewController: UIViewController {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet private weak var priceLabel: UILabel?
    @IBOutlet var buttons: [UIButton]!
    @IBInspectable var cornerRadius: CGFloat = 0
    @objc dynamic var total = 0
    private weak var hiddenField: UITextField?
    let badge = UILabel()
    static var shared: ShopViewController?

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        performSegue(withIdentifier: "showBasket", sender: nil)
        let detail = storyboard?.instantiateViewController(withIdentifier: "DetailScene")
        _ = detail
    }

    override func viewWillAppear(_ animated: Bool) {
        // no super call on purpose
    }

    override func awakeFromNib() {
        super.awakeFromNib()
    }

    @IBAction func buy(_ sender: Any) {}
    @IBAction func refresh() {}
    @IBAction func share(sender: UIButton) {}
    @IBAction func tapped(_ sender: Any, forEvent event: UIEvent) {}
    @objc(customSelectorName:) func renamed(_ value: Any) {}
    func plainSwiftMethod() {}

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
    }
}

@objc(LegacyCell)
class ModernCell: UITableViewCell {
    @IBOutlet weak var nameLabel: UILabel!
}

@objcMembers
class Exposed: NSObject {
    var everything = ""
    func doIt(_ sender: Any) {}
}

extension ShopViewController {
    @IBOutlet var extraLabel: UILabel! { get { nil } set {} }
    @IBAction func fromExtension(_ sender: Any) {}
}

extension UIView {
    @IBInspectable var borderWidth: CGFloat {
        get { layer.borderWidth }
        set { layer.borderWidth = newValue }
    }
}

class BasketViewController: ShopViewController {
    @IBOutlet weak var basketTable: UITableView!
}

/// R-CHK-7: identifiers used in code that no document declares; the receiver decides error or warning.
extension ShopViewController {
    func proceed(to other: UIViewController) {
        performSegue(withIdentifier: "checkoutDone", sender: nil)  // self, whose scene is in Shop: error
        other.performSegue(withIdentifier: "elsewhereSegue", sender: nil)  // another controller: warning
        _ = UIStoryboard(name: "Shop", bundle: nil).instantiateViewController(withIdentifier: "NoSuchID")  // an input storyboard: error
        _ = UIStoryboard(name: "Faraway", bundle: nil).instantiateViewController(withIdentifier: "FarScene")  // not an input: warning
    }
}
