#ifndef NIBVIZ_GRAPHVIZ_SHIM_H
#define NIBVIZ_GRAPHVIZ_SHIM_H

#include <stddef.h>

/* Opaque: libgvc graph. */
struct Agraph_s;

/* Reads DOT text (`length` bytes) with a creation-order id discipline, so that subgraphs and
   nodes are ordered by when they were first named, never by heap addresses (Graphviz #1614).
   Returns NULL on a syntax error (see nibviz_take_errors). `in_arena` (a render server, which
   never frees its graphs): the graph's memory comes from an arena that this call starts over,
   abandoning the graph read before it (GraphArena.c); such a graph must not be closed. */
struct Agraph_s *nibviz_read_dot(const char *text, size_t length, int in_arena);

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

/* Forks a server of this worker (which must be single-threaded): returns the child's pid in
   this process, 0 in the child, -1 on failure. The child dies with this process, and returns
   -2 (it should exit at once) when this process died before it could arrange that. */
int nibviz_fork_server(void);

/* Waits for child `pid` to end: returns 1 with its exit status in `*code`, 2 with the signal
   that killed it in `*code`, 0 on error. */
int nibviz_wait_child(int pid, int *code);

/* Ends this process as `signal_number` would, as if it had killed this process itself (with
   no core dump of its own: the server that died first left the one worth reading). */
void nibviz_die_by_signal(int signal_number) __attribute__((noreturn));

/* Sends `signal_number` to process `pid` if it is still a child of `parent` (its /proc stat
   says so: a pid whose process was reaped may belong to another by now). Returns 1 if sent. */
int nibviz_kill_child(int pid, int parent, int signal_number);

/* What Graphviz's text layout measured for one span (textspan_t's size and offsets, and
   whether the plugin measured it or left it to Graphviz's estimate). */
typedef struct {
    double width, height, yoffset_layout, yoffset_centerline;
    int measured;
} nibviz_text_metrics;

/* The table the text layout plugin keeps its measurements in (TextMeasureTable.c): memory
   shared with the processes this one forks, so a render worker's servers each start with what
   the servers before them measured. `open` maps it (1; 0 if it could not be mapped, and then
   nothing is kept); `lookup` fills `metrics` and returns 1 for a key stored before (0
   otherwise); `store` keeps them; `count` says how many are kept. A key is the span's font
   size, flags, font name and text as bytes. Calls must not overlap (GraphvizRenderer's lock,
   and one drawing process per worker at a time). */
int nibviz_text_table_open(void);
int nibviz_text_table_lookup(const unsigned char *key, size_t length, nibviz_text_metrics *metrics);
void nibviz_text_table_store(const unsigned char *key, size_t length, const nibviz_text_metrics *metrics);
size_t nibviz_text_table_count(void);

/* A Graphviz context whose text layout remembers each span's measurements across labels and
   graphs (in the table above) and asks Pango only for new ones; the plain context where
   Pango's plugin is not installed or the table could not be mapped. */
struct GVC_s *nibviz_context(void);

/* Reuse remembered measurements (1) or measure every span (0): on while SVG or DOT is
   rendered, whose renderers never draw Pango's layout; off for PNG and PDF. */
void nibviz_text_cache_use(int on);

/* SVG coordinates as libgvc 2.43's gvprintdouble writes them ("%.02f" less trailing zeros and
   point; within ±1e-8 it is 0), into `out` (32 bytes); returns the length. Only for values
   `nibviz_prints_two_decimals` accepts (finite, |x| < 1e13). This library's own
   gvprintdouble, which the SVG renderer calls, uses it (NumberPrinting.c). */
size_t nibviz_print_coordinate(double num, char *out);
int nibviz_prints_two_decimals(double x);
/* "%.02f" of `x` (same domain), without snprintf; returns the length. */
size_t nibviz_print_two_decimals(double x, char *out);
/* How many coordinates this process printed itself rather than through libgvc's function. */
unsigned long nibviz_fast_coordinate_prints(void);
/* 0: every coordinate goes through libgvc's function; 1 (the default): ours where the Graphviz
   version is the one it was checked against. For tests that compare the two. */
void nibviz_print_coordinates_ourselves(int on);
/* The linked libgvc's version as the coordinate printer found it on its first job (NULL
   before any SVG was drawn, and off Linux). */
const char *nibviz_graphviz_version(void);

/* dot's `delete_fast_node` without its linear walk of the node list (FastNodeList.c), where
   the executable exports it (Linux). Its mode: 0 undecided, 1 ours, 2 the plugin's own.
   `mode_for` is the mode a Graphviz version gets (1 for 2.43, the version it was checked
   against); `decide` sets it once, from the running version (`nibviz_context` calls it);
   `set` overrides it, for tests that compare the two. */
int nibviz_fast_node_list_mode_for(const char *version);
void nibviz_fast_node_list_decide(const char *version);
int nibviz_fast_node_list_mode(void);
void nibviz_set_fast_node_list_mode(int mode);
/* How many nodes this process unlinked itself rather than through the plugin's function. */
unsigned long nibviz_fast_node_unlinks(void);

#endif
