@_exported import NibModel

/// The engine: replays a scenario (or a bare document) and returns its timeline. Pure: no I/O.
public enum Simulator {
    /// Runs `scenario` with `options` applied.
    public static func run(_ scenario: Scenario, options: SimulationOptions = SimulationOptions()) -> Timeline {
        let effective = options.applied(to: scenario)
        let run = SimulationRun(scenario: effective)
        for nib in effective.nibs where nib.graph.format != .scenario && nib.graph.platform.usesAppKit != effective.platform.usesAppKit {
            run.notes.append("\(nib.graph.file) is a \(nib.graph.platform) document; simulated as \(effective.platform)")
        }
        run.execute()
        return run.timeline
    }

    /// Runs a bare document: loads it the way an app meets it (`StepAction.loadDocument`), with no
    /// class table, so every outlet key is assumed to exist.
    public static func run(document graph: NibGraph, options: SimulationOptions = SimulationOptions()) -> Timeline {
        run(scenario(for: graph), options: options)
    }

    /// The scenario a bare document runs as.
    public static func scenario(for graph: NibGraph) -> Scenario {
        let name = nibName(for: graph.file)
        let platform: Platform = graph.platform.usesAppKit ? .macos : .ios
        return Scenario(
            file: graph.file, platform: platform, nibs: [ScenarioNib(name: name, path: graph.file, graph: graph)],
            steps: [ScenarioStep(.loadDocument(nib: name), at: FileLocation(file: graph.file))], traceLevel: .l2
        )
    }

    /// `Dir/CardView.xib` → `CardView`.
    static func nibName(for file: String) -> String {
        let last = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }
}
