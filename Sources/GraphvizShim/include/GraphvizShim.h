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

#endif
