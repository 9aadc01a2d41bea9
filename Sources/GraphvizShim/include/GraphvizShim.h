#ifndef NIBVIZ_GRAPHVIZ_SHIM_H
#define NIBVIZ_GRAPHVIZ_SHIM_H

#include <stddef.h>

/* Opaque: libgvc graph. */
struct Agraph_s;

/* Reads DOT text (`length` bytes) with a creation-order id discipline, so that subgraphs and
   nodes are ordered by when they were first named, never by heap addresses (Graphviz #1614).
   Returns NULL on a syntax error (see nibviz_take_errors). */
struct Agraph_s *nibviz_read_dot(const char *text, size_t length);

/* Routes every Graphviz message into a buffer instead of stderr; idempotent. */
void nibviz_capture_errors(void);

/* Returns the messages captured since the last call (malloc'ed, caller frees; NULL if none)
   and clears the buffer and Graphviz's error count. */
char *nibviz_take_errors(int *error_count);

/* Worker side of the render pool: the kernel kills this process when its parent dies
   (PR_SET_PDEATHSIG on Linux). Returns 0 when the parent is already gone (getppid() no longer
   `expected_parent`), so the caller exits at once. */
int nibviz_die_with_parent(int expected_parent);

/* Caps this process's address space (RLIMIT_AS): a graph that needs more makes Graphviz's
   allocations fail instead of the machine swapping. Returns 0 on failure. */
int nibviz_limit_address_space(size_t bytes);

#endif
