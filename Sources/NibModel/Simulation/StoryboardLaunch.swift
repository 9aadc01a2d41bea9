/// A storyboard loaded the way an app meets it: the launch (R-LAUNCH-1..3) and, for every
/// scene, how the app reaches it and the timeline that shows it (R-SB-1..3).
public struct StoryboardLaunch: Hashable, Sendable {
    /// The launch: the initial controller, its relationship children, the visible chain's views
    /// and appearance. Scenes nothing reaches at launch are not in it.
    public var timeline: Timeline
    /// One part per scene with a controller, in document order.
    public var scenes: [ScenePart]
    /// Main storyboard (the launch above) or loaded from code (its initial controller
    /// instantiated and shown), and why.
    public var role: StoryboardRole

    /// Creates a launch.
    public init(timeline: Timeline, scenes: [ScenePart], role: StoryboardRole = .assumedMain) {
        self.timeline = timeline
        self.scenes = scenes
        self.role = role
    }
}

/// One scene of a storyboard launch: how the app reaches it and what its controller lives through.
public struct ScenePart: Hashable, Sendable {
    /// The scene's `sceneID`.
    public var sceneID: String
    /// The scene's controller element.
    public var controllerID: ObjectID
    /// How the app reaches the scene.
    public var reach: SceneReach
    /// The run that shows the scene: the launch itself for the visible chain; for a tab hidden at
    /// launch, the whole launch then its `selectTab`; else the launch followed by the steps of
    /// `reach`, traced from the first of those steps.
    public var timeline: Timeline
    /// The controller's instance in `timeline`, nil when the run never instantiated it.
    public var controller: EventObject?
    /// Indices into `timeline.events` of the events sent to the scene's own objects (its
    /// controller, views, cells), in order.
    public var eventIndices: [Int]
    /// The controller's view-state changes in `timeline`.
    public var transitions: [ViewStateTransition]

    /// Creates a part.
    public init(
        sceneID: String, controllerID: ObjectID, reach: SceneReach, timeline: Timeline, controller: EventObject?,
        eventIndices: [Int], transitions: [ViewStateTransition]
    ) {
        self.sceneID = sceneID
        self.controllerID = controllerID
        self.reach = reach
        self.timeline = timeline
        self.controller = controller
        self.eventIndices = eventIndices
        self.transitions = transitions
    }

    /// The scene's own events.
    public var events: [Event] { eventIndices.map { timeline.events[$0] } }
}

/// How an app reaches a storyboard scene (R-SB-1..3).
public enum SceneReach: Hashable, Sendable {
    /// Instantiated at launch; `visible` when its view loads and appears (the visible chain).
    case launch(visible: Bool)
    /// A storyboard loaded from code (not the main one): instantiated with its initial
    /// controller by `instantiateInitialViewController` (AppKit: `instantiateInitialController`);
    /// `visible` when its view loads and appears
    /// once the app shows that controller.
    case initialController(visible: Bool)
    /// Instantiated when these segues fire, in order, starting from a scene of the launch; each
    /// is the segue's XML id.
    case segues([ObjectID])
    /// `instantiateViewControllerWithIdentifier:` with this identifier creates it: the scene
    /// itself, or the container it comes with (relationship and embed children), then these
    /// segues, in order, from that container's scenes (each the segue's XML id).
    case identifier(String, segues: [ObjectID] = [])
    /// Embedded by a container view inside a table or collection cell of this controller's
    /// scene: the embed segue fires when the table makes that cell, which the simulator does not
    /// run. Its part shows the scene decoded directly, for reference.
    case cellEmbed(container: ObjectID)
    /// Nothing in the storyboard reaches it and it has no identifier: an app never instantiates
    /// it. Its part shows the scene decoded directly, for reference.
    case unreachable

    /// A short description for pages and notes (`launch, visible`, `segue s1 → s2`, …), naming
    /// the storyboard methods as `platform`'s framework spells them (UIKit's
    /// `instantiateInitialViewController`, AppKit's `instantiateInitialController`).
    public func summary(on platform: Platform) -> String {
        switch self {
        case .launch(let visible): visible ? "at launch, visible" : "at launch, not visible"
        case .initialController(let visible):
            "instantiated from code (\(platform.usesAppKit ? "instantiateInitialController" : "instantiateInitialViewController"))"
                + (visible ? ", visible once shown" : ", not visible")
        case .segues(let ids): "after segue \(ids.map(\.rawValue).joined(separator: " → "))"
        case .identifier(let identifier, let segues):
            "\(platform.usesAppKit ? "instantiateControllerWithIdentifier:" : "instantiateViewControllerWithIdentifier:") \(identifier)"
                + (segues.isEmpty ? "" : ", then segue \(segues.map(\.rawValue).joined(separator: " → "))")
        case .cellEmbed(let container): "embedded in a cell of \(container.rawValue), when the table makes that cell"
        case .unreachable: "never instantiated by the app"
        }
    }
}
