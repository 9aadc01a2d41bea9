// NibSimulation: see the module's one-sentence job in Package.swift.
