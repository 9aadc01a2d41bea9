import NibModel

extension SimulationRun {
    /// View-controller lifecycle steps (SPEC §8–§14). Not simulated yet: the run notes it.
    func lifecycleStep(_ step: ScenarioStep) {
        notes.append("\(step.location): step '\(step.action.name)' is not simulated yet (SPEC §8–§14)")
    }
}
