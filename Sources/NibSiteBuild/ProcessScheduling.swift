import Foundation

/// How the kernel schedules this process's threads against each other and its render workers.
public enum ProcessScheduling {
    /// Marks the calling thread, and every thread and process it starts afterwards (they
    /// inherit it), as a CPU-bound batch job (`SCHED_BATCH`, Linux): same priority and share
    /// of the CPU, but a thread that wakes up does not preempt a running one at once. A
    /// parallel site build runs more threads than cores (planning, writing, one per render
    /// lane, and the workers); every such preemption costs the preempted thread its warm
    /// caches. Over 10 paired cold builds of the corpus with `--jobs 2` on 2 cores: 0.985× the
    /// wall time (0.966–1.018), 0.987× the CPU. A serial build has nothing to preempt it, so
    /// it is the same there. Call it before the build starts its threads; elsewhere a no-op.
    public static func runAsBatch() {
        #if os(Linux)
            // <sched.h> defines SCHED_BATCH only under _GNU_SOURCE, which Swift's Glibc module does not set.
            let batchPolicy: Int32 = 3
            var parameters = sched_param()
            _ = sched_setscheduler(0, batchPolicy, &parameters)
        #endif
    }
}
