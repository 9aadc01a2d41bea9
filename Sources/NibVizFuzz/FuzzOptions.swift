import Foundation

/// Command-line options (`make fuzz` passes FUZZ_CASES / FUZZ_SECONDS / FUZZ_SEED).
struct FuzzOptions {
    var cases: Int?
    var seconds: TimeInterval?
    var seed: UInt64 = 1
    var jobs = 2
    var timeout: TimeInterval = 30
    var nibviz = URL(fileURLWithPath: ".build/debug/nibviz")
    var seeds = URL(fileURLWithPath: "Tests/Fuzz/seeds")
    var findings = URL(fileURLWithPath: ".build/fuzz/findings")
    var verbose = false

    var limitDescription: String {
        switch (cases, seconds) {
        case (let cases?, let seconds?): "\(cases) cases or \(Int(seconds)) s"
        case (let cases?, nil): "\(cases) cases"
        case (nil, let seconds?): "\(Int(seconds)) s"
        case (nil, nil): "no limit"
        }
    }

    static func parse(_ arguments: ArraySlice<String>) -> FuzzOptions {
        var options = FuzzOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            let value = argument == "--verbose" ? nil : iterator.next()
            switch (argument, value) {
            case ("--cases", let value?): options.cases = Int(value)
            case ("--seconds", let value?): options.seconds = TimeInterval(value)
            case ("--seed", let value?): options.seed = UInt64(value) ?? 1
            case ("--jobs", let value?): options.jobs = max(1, min(Int(value) ?? 2, 2))
            case ("--timeout", let value?): options.timeout = TimeInterval(value) ?? 30
            case ("--nibviz", let value?): options.nibviz = URL(fileURLWithPath: value)
            case ("--seeds", let value?): options.seeds = URL(fileURLWithPath: value)
            case ("--findings", let value?): options.findings = URL(fileURLWithPath: value)
            case ("--verbose", _): options.verbose = true
            default:
                FileHandle.standardError.write(
                    Data(
                        ("usage: NibVizFuzz [--cases N] [--seconds S] [--seed N] [--jobs 1|2] [--timeout S] [--nibviz PATH] "
                            + "[--seeds DIR] [--findings DIR] [--verbose]\n").utf8))
                exit(64)
            }
        }
        if options.cases == nil && options.seconds == nil { options.cases = 500 }
        return options
    }
}
