import Cocoa

class PrefsWindowController: NSWindowController {
    @IBOutlet weak var nameField: NSTextField!
    private var secret: NSTextField?

    override func windowDidLoad() {
        super.windowDidLoad()
    }

    @IBAction func apply(_ sender: Any?) {}
}
