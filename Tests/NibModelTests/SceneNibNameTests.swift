import NibModel
import Testing

/// A storyboard scene's view nib name (R-XML-10) is written and read back in one place: the
/// simulator names the nib `loadView` loads, the compiled-storyboard reader finds the controller
/// a view nib belongs to.
@Suite struct SceneNibNameTests {
    @Test(arguments: [("XfG-lQ-9wD", "m2S-Jp-Qdl"), ("BYZ-38-t0r", "8bC-Xf-vdC"), ("a", "b")])
    func aViewNibNameReadsBackAsItsControllersID(controller: String, view: String) {
        let name = SceneNibs.viewNibName(controller: controller, view: view)
        #expect(name == "\(controller)-view-\(view)")
        #expect(SceneNibs.controllerID(ofViewNib: name) == controller)
    }

    @Test(arguments: ["Settings", "-view-abc", "abc-view-", "NSWindowController-B8D-0N-5wS", ""])
    func namesThatAreNoViewNibHaveNoController(name: String) {
        #expect(SceneNibs.controllerID(ofViewNib: name) == nil)
    }
}
