// The nibviz binary (the command and its render workers) allocates through jemalloc on Linux:
// with glibc's allocator a seventh of a site build's CPU went to malloc and free, and the
// build's threads contended for its arena locks. Linking libjemalloc ahead of libc makes its
// malloc the whole process's, Graphviz's included.
#include "CJemalloc.h"
#include <stddef.h>

#if defined(__linux__)
// One arena per CPU (a thread uses the arena of the CPU it runs on, so memory one thread frees
// is reused by the others, as with glibc capped at a few arenas), and freed pages handed back
// to the system after a second instead of ten (the site build's peak RSS).
const char *malloc_conf = "percpu_arena:percpu,dirty_decay_ms:1000,muzzy_decay_ms:0";
#else
const char *malloc_conf = NULL;
#endif
