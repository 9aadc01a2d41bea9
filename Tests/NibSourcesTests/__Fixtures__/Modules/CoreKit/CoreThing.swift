import UIKit

/// Fixture: the package target "Core-Kit" at path CoreKit is module Core_Kit.
class CoreThing: UIView {}
