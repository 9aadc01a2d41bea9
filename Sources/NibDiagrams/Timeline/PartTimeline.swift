import NibModel

/// The run a part of a split document is drawn from, decided once for the timeline,
/// instantiation and lifecycle diagrams: for a storyboard scene with a launch
/// (`StoryboardLaunch`, R-LAUNCH-1/2, R-SB-1), the run that shows the scene — the launch, or the
/// segues or `instantiateViewControllerWithIdentifier:` that reach it; else the events the
/// part's own objects receive in `timeline` and their controllers' view-state changes.
struct PartTimeline {
    /// The run to draw.
    var timeline: Timeline
    /// How the app reaches the scene, for the title (`after segue …`), when a launch said so.
    var reach: String?

    init(_ part: DocumentPart, in timeline: Timeline, launch: StoryboardLaunch?, platform: Platform) {
        if part.kind == .scene, let scene = launch?.scenes.first(where: { $0.sceneID == part.id }) {
            var run = scene.timeline
            run.transitions = scene.transitions
            self.timeline = run
            self.reach = scene.reach.summary(on: platform)
            return
        }
        let ids = Set(part.members.map(\.rawValue))
        var run = timeline
        run.events = timeline.events.filter { event in event.receiver?.id.map(ids.contains) ?? false }
        run.transitions = timeline.transitions.filter { $0.controller.id.map(ids.contains) ?? false }
        self.timeline = run
        self.reach = nil
    }

    /// `title — part` and, when known, how the app reaches it.
    func title(_ title: String, part: DocumentPart) -> String {
        title + " — " + part.title + (reach.map { " (" + $0 + ")" } ?? "")
    }
}
