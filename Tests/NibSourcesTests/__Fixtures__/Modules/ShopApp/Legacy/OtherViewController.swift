import UIKit

/// Fixture: a class of the target "Tool", whose module name the project file does not decide.
class OtherViewController: UIViewController {}
