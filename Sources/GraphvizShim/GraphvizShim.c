#include "GraphvizShim.h"
#include <graphviz/cgraph.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- creation-order id discipline -------------------------------------------------------
   Named objects get even ids NAMED_BASE + 2, + 4, … in the order their names first appear;
   anonymous objects get odd ids 1, 3, 5, … Graphviz 2.43's default discipline uses the address
   of the interned name as the id, so dictionary order (and with it cluster order in the output)
   depends on the heap, which differs between the first and the hundredth graph of a process.

   Two properties of the default discipline are kept, because Graphviz relies on them:
   - Anonymous subgraphs sort before named ones (small counter ids versus heap addresses).
     dot ranks subgraphs in id order, and 2.43 aborts (fastgr.c delete_fast_node assertion)
     on `subgraph cluster_a { a } { rank=same; a; b }` when the cluster comes first, a graph
     `dot` draws fine. Named ids therefore start far above any anonymous id.
   - Names are Graphviz reference-counted strings (agstrdup), not plain copies: agnameof()
     hands them back and Graphviz reads their header (aghtmlstr: `<b>x</b>` as a node name
     stays an HTML string) and may free them. A plain strdup'ed name made it read the heap
     before the string. */

#define NAMED_BASE ((IDTYPE)1 << 40)

typedef struct {
    Agraph_t *graph;   /* the root graph: owns the string dictionary */
    char **names;      /* index i holds the name of id NAMED_BASE + 2*(i+1) (agstrdup'ed) */
    size_t count, capacity;
    size_t *slots;     /* open addressing: 0 empty, else index+1 */
    size_t slot_count; /* power of two */
    IDTYPE next_anonymous;
} id_state;

static size_t hash_name(const char *s) {
    size_t h = 1469598103934665603ULL;
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 1099511628211ULL; }
    return h;
}

static int grow_slots(id_state *st) {
    size_t new_count = st->slot_count ? st->slot_count * 2 : 64;
    size_t *slots = calloc(new_count, sizeof(size_t));
    if (!slots) return 0;
    for (size_t i = 0; i < st->count; i++) {
        size_t h = hash_name(st->names[i]) & (new_count - 1);
        while (slots[h]) h = (h + 1) & (new_count - 1);
        slots[h] = i + 1;
    }
    free(st->slots);
    st->slots = slots;
    st->slot_count = new_count;
    return 1;
}

static void *id_open(Agraph_t *g, Agdisc_t *disc) {
    (void)disc;
    id_state *st = calloc(1, sizeof(id_state));
    if (st) {
        st->graph = g;
        st->next_anonymous = 1;
    }
    return st;
}

static long id_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    id_state *st = state;
    if (!str) {
        *id = st->next_anonymous;
        st->next_anonymous += 2;
        return 1;
    }
    if (st->slot_count) {
        size_t h = hash_name(str) & (st->slot_count - 1);
        while (st->slots[h]) {
            size_t index = st->slots[h] - 1;
            if (strcmp(st->names[index], str) == 0) {
                *id = NAMED_BASE + (IDTYPE)(2 * (index + 1));
                return 1;
            }
            h = (h + 1) & (st->slot_count - 1);
        }
    }
    if (!createflag) return 0;
    if ((st->count + 1) * 2 > st->slot_count && !grow_slots(st)) return 0;
    if (st->count == st->capacity) {
        size_t cap = st->capacity ? st->capacity * 2 : 32;
        char **names = realloc(st->names, cap * sizeof(char *));
        if (!names) return 0;
        st->names = names;
        st->capacity = cap;
    }
    char *copy = agstrdup(st->graph, str);
    if (!copy) return 0;
    st->names[st->count] = copy;
    size_t h = hash_name(str) & (st->slot_count - 1);
    while (st->slots[h]) h = (h + 1) & (st->slot_count - 1);
    st->slots[h] = st->count + 1;
    st->count++;
    *id = NAMED_BASE + (IDTYPE)(2 * st->count);
    return 1;
}

static long id_alloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype; (void)request;
    return 0;
}

static void id_free(void *state, int objtype, IDTYPE id) {
    /* Names live until the graph closes (its string dictionary goes then): one graph is
       small and short-lived. */
    (void)state; (void)objtype; (void)id;
}

static char *id_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    id_state *st = state;
    if (id % 2 != 0 || id <= NAMED_BASE) return NULL;
    size_t index = (size_t)((id - NAMED_BASE) / 2) - 1;
    return index < st->count ? st->names[index] : NULL;
}

static void id_close(void *state) {
    id_state *st = state;
    if (!st) return;
    /* The names are the root graph's reference-counted strings: Graphviz frees its string
       dictionary right after this call (agclose), so they are not released one by one. */
    free(st->names);
    free(st->slots);
    free(st);
}

static void id_register(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

static Agiddisc_t creation_order_ids = {
    id_open, id_map, id_alloc, id_free, id_print, id_close, id_register
};

/* ---- memory reader ---------------------------------------------------------------------- */

typedef struct {
    const char *text;
    size_t length, offset;
} memory_reader;

static int memory_read(void *chan, char *buf, int bufsize) {
    memory_reader *r = chan;
    if (r->offset >= r->length || bufsize <= 1) return 0;
    /* Graphviz's lexer reads line by line: hand out at most one line per call. */
    size_t n = 0;
    while (r->offset < r->length && n + 1 < (size_t)bufsize) {
        char c = r->text[r->offset++];
        buf[n++] = c;
        if (c == '\n') break;
    }
    buf[n] = '\0';
    return (int)n;
}

/* Flushes the DOT scanner's buffer (Graphviz 2.43 only does so after a failed parse): without
   it, a syntax error after some earlier graphs in the same process reported the wrong line
   (seen in the test process: line 4 for an error on line 3). */
extern void aglexbad(void);

extern Agmemdisc_t nibviz_graph_arena_discipline;
extern void nibviz_graph_arena_reset(void);

Agraph_t *nibviz_read_dot(const char *text, size_t length, int in_arena) {
    /* The graph keeps pointers to its disciplines, so they must outlive this call: one set for
       graphs in malloc'ed memory, one for graphs in the arena (GraphArena.c). */
    static Agiodisc_t io;
    static Agdisc_t disc, arena_disc;
    io = AgIoDisc;
    io.afread = memory_read;
    disc.mem = &AgMemDisc;
    disc.id = &creation_order_ids;
    disc.io = &io;
    arena_disc = disc;
    arena_disc.mem = &nibviz_graph_arena_discipline;
    /* The arena starts over: the graph read before is abandoned (see GraphArena.c). */
    if (in_arena) nibviz_graph_arena_reset();
    memory_reader reader = { text, length, 0 };
    agsetfile((char *)"<dot>");
    aglexbad();
    agreadline(1);
    Agraph_t *graph = agread(&reader, in_arena ? &arena_disc : &disc);
    aglexbad();
    return graph;
}

/* ---- error capture ---------------------------------------------------------------------- */

static char *captured = NULL;
static size_t captured_length = 0;

static int capture_message(char *message) {
    if (!message) return 0;
    size_t n = strlen(message);
    char *grown = realloc(captured, captured_length + n + 1);
    if (!grown) return 0;
    memcpy(grown + captured_length, message, n + 1);
    captured = grown;
    captured_length += n;
    return 0;
}

void nibviz_capture_errors(void) {
    agseterrf(capture_message);
    agseterr(AGWARN);
}

char *nibviz_take_errors(int *error_count) {
    if (error_count) *error_count = agerrors();
    agreseterrors();
    char *result = captured;
    captured = NULL;
    captured_length = 0;
    return result;
}

/* ---- worker process guards -------------------------------------------------------------- */

#include <signal.h>
#include <errno.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

int nibviz_die_with_parent(int expected_parent) {
#ifdef __linux__
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return 0;
#endif
    /* The parent may have died before prctl took effect: then nobody would ever signal us. */
    if (expected_parent > 0 && getppid() != expected_parent) return 0;
    return 1;
}

int nibviz_fork_server(void) {
    pid_t worker = getpid();
    pid_t child = fork();
    if (child == 0 && !nibviz_die_with_parent(worker)) return -2;
    return child;
}

int nibviz_wait_child(int pid, int *code) {
    int status = 0;
    pid_t ended;
    do {
        ended = waitpid(pid, &status, 0);
    } while (ended < 0 && errno == EINTR);
    if (ended != pid) return 0;
    if (WIFEXITED(status)) {
        *code = WEXITSTATUS(status);
        return 1;
    }
    if (WIFSIGNALED(status)) {
        *code = WTERMSIG(status);
        return 2;
    }
    return 0;
}

void nibviz_die_by_signal(int signal_number) {
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

int nibviz_kill_child(int pid, int parent, int signal_number) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    char line[512];
    size_t length = fread(line, 1, sizeof line - 1, file);
    fclose(file);
    line[length] = 0;
    /* pid (comm) state ppid ...: the command may hold spaces and parentheses, so read after the
       last ')'. */
    char *close = strrchr(line, ')');
    char state = 0;
    int parent_now = 0;
    if (!close || sscanf(close + 1, " %c %d", &state, &parent_now) != 2 || parent_now != parent) return 0;
    return kill(pid, signal_number) == 0;
}

int nibviz_limit_address_space(size_t bytes) {
    struct rlimit limit;
    limit.rlim_cur = bytes;
    limit.rlim_max = bytes;
    return setrlimit(RLIMIT_AS, &limit) == 0;
}
