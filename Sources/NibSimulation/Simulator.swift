@_exported import NibModel

/// The engine: replays a scenario (or a bare document) and returns its timeline. Pure: no I/O.
public enum Simulator {
    /// Runs `scenario` with `options` applied. A real document of the other platform than the
    /// run's is rejected (R-SB-10), never simulated as this platform.
    public static func run(_ scenario: Scenario, options: SimulationOptions = SimulationOptions()) -> Timeline {
        execute(scenario, options: options).timeline
    }

    /// Runs `scenario` with `options` applied and keeps the run for inspection.
    static func execute(_ scenario: Scenario, options: SimulationOptions) -> SimulationRun {
        let effective = options.applied(to: scenario)
        let run = SimulationRun(scenario: effective)
        if let mixed = effective.nibs.first(where: {
            $0.graph.format != .scenario && $0.graph.platform.usesAppKit != effective.platform.usesAppKit
        }) {
            run.reject(
                "\(mixed.graph.file) is \(mixed.graph.platform.usesAppKit ? "a macOS" : "an iOS") document; the run is \(effective.platform.usesAppKit ? "macOS" : "iOS")",
                .sb10)
            return run
        }
        run.execute()
        return run
    }

    /// Runs a bare document the way an app meets it: a xib as its File's Owner loads it
    /// (R-XIB-1: a view controller made with `initWithNibName:bundle:` and its view accessed, a window
    /// controller made with `initWithWindowNibName:` and sent `showWindow:`, else loaded once with
    /// its File's Owner, `StepAction.loadDocument`); a storyboard is launched as the app's main
    /// storyboard (`StepAction.launch`, R-LAUNCH-1/2): its initial controller and relationship
    /// children are instantiated and only the visible chain loads and appears. Without `classes`
    /// (or `options.classTable`) every outlet key is assumed to exist and every user class
    /// overrides every lifecycle selector.
    public static func run(document graph: NibGraph, classes: [String: ClassInfo]? = nil, options: SimulationOptions = SimulationOptions())
        -> Timeline
    {
        let owner = XibOwner.of(graph, classes: classes ?? options.classTable)
        var timeline = run(scenario(for: graph, classes: classes, role: options.storyboardRole, owner: owner), options: options)
        if let note = owner.note(nib: nibName(for: graph.file), appKit: graph.platform.usesAppKit) { timeline.notes.insert(note, at: 0) }
        return timeline
    }

    /// The scenario a bare document runs as. A storyboard that is not the main one (`role`) is
    /// loaded from code: its initial controller is instantiated (`instantiateInitialController`)
    /// and shown — a window controller's window, else as the window's root (R-LAUNCH-1, R-SB-1).
    /// A xib is met as `owner` loads it (R-XIB-1; `XibOwner.of` reads it from the File's Owner).
    public static func scenario(
        for graph: NibGraph, classes: [String: ClassInfo]? = nil, role: StoryboardRole = .assumedMain, owner: XibOwner? = nil
    ) -> Scenario {
        let name = nibName(for: graph.file)
        let platform: Platform = graph.platform.usesAppKit ? .macos : .ios
        let here = FileLocation(file: graph.file)
        let owner = owner ?? XibOwner.of(graph, classes: classes)
        var steps =
            owner.steps(nib: name, at: here)
            ?? [ScenarioStep(graph.isStoryboard ? .launch(mainNib: name) : .loadDocument(nib: name), at: here)]
        if graph.isStoryboard && !role.isMain {
            steps = []
            if let initial = graph.initialViewController {
                let shown = "initial"
                let isWindow = graph.objectsByID[initial]?.element == "windowController"
                steps = [
                    ScenarioStep(.instantiateInitialController(storyboard: name, result: shown), at: here),
                    ScenarioStep(isWindow ? .showWindow(shown) : .showRoot(shown), at: here),
                ]
            }
        }
        return Scenario(
            file: graph.file, platform: platform, classes: classes, nibs: [ScenarioNib(name: name, path: graph.file, graph: graph)],
            steps: steps, traceLevel: .l2
        )
    }

    /// `Dir/CardView.xib` → `CardView`.
    static func nibName(for file: String) -> String { StoryboardDocument.name(ofPath: file) }
}
