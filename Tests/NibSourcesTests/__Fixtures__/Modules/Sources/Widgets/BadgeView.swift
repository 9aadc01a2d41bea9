import UIKit

/// Fixture: a view of the Swift package target Widgets (module Widgets).
class BadgeView: UIView {
    @IBOutlet var countLabel: UILabel!
}
