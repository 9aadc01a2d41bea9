#include "GraphvizShim.h"
#include <graphviz/cgraph.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

/* ---- a graph's cgraph memory, reused by the next graph of a render server ------------------
   A render server (RenderWorker) never frees its graphs: freeing walks every node, edge and
   attribute again (1.2 s of the corpus site's 12 s of serial Graphviz), and the server's exit
   hands all of it back at once. But memory never freed is memory the next graph takes fresh
   from the kernel, a page fault per 4 KiB page, and on a virtual machine a fault costs
   microseconds (the corpus site's servers spent ~1 s of kernel time in them). The graph itself,
   its nodes, edges, attribute records, dictionaries and strings, comes through cgraph's memory
   discipline (`agalloc`), which this file points at an arena: allocation is a bump of a
   pointer, `agfree` does nothing, and reading the next graph starts the arena over on the same
   pages, already mapped. The layout's own arrays come from malloc as before.

   Starting over is safe only because a server touches a graph no more once it rendered it (the
   SVG is in a buffer of Graphviz's own, from malloc) and reads one graph at a time; the serial
   build in the main process frees its graphs and uses Graphviz's own discipline. */

typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t size; /* bytes after this header */
} arena_chunk;

enum { chunk_bytes = 1 << 20, alignment = 16 };
/* Chunks past this many bytes are unmapped when the arena starts over: one huge graph does not
   pin its memory for the rest of the server's graphs. */
static const size_t kept_bytes = (size_t)32 << 20;

static arena_chunk *first_chunk;   /* the chunks kept between graphs, in the order they were mapped */
static arena_chunk *current_chunk; /* the chunk being filled */
static size_t current_used;        /* bytes used in current_chunk */
static arena_chunk *big_blocks;    /* blocks of more than a quarter chunk, one mapping each */
static void *last_block;           /* the latest allocation (grown in place when possible) */
static size_t last_size;

static size_t rounded(size_t size) { return (size + alignment - 1) & ~(size_t)(alignment - 1); }

static size_t header_bytes(void) { return rounded(sizeof(arena_chunk)); }

static unsigned char *chunk_bytes_of(arena_chunk *chunk) { return (unsigned char *)chunk + header_bytes(); }

static arena_chunk *map_chunk(size_t size) {
    void *memory = mmap(NULL, size + header_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return NULL;
    arena_chunk *chunk = memory;
    chunk->next = NULL;
    chunk->size = size;
    return chunk;
}

void nibviz_graph_arena_reset(void) {
    while (big_blocks) {
        arena_chunk *block = big_blocks;
        big_blocks = block->next;
        munmap(block, block->size + header_bytes());
    }
    /* Keep the first chunks up to kept_bytes; unmap the rest. */
    size_t kept = 0;
    arena_chunk **link = &first_chunk;
    while (*link) {
        arena_chunk *chunk = *link;
        if (kept + chunk->size <= kept_bytes) {
            kept += chunk->size;
            link = &chunk->next;
        } else {
            *link = chunk->next;
            munmap(chunk, chunk->size + header_bytes());
        }
    }
    current_chunk = first_chunk;
    current_used = 0;
    last_block = NULL;
    last_size = 0;
}

static void *arena_open(Agdisc_t *disc) {
    (void)disc;
    return &first_chunk; /* the state is this file's: any pointer */
}

static void *arena_alloc(void *state, size_t request) {
    (void)state;
    size_t size = rounded(request ? request : 1);
    if (size > chunk_bytes / 4) {
        /* A big block gets a mapping of its own, unmapped when the arena starts over: the
           chunks being filled stay in use. */
        arena_chunk *block = map_chunk(size);
        if (!block) return NULL;
        block->next = big_blocks;
        big_blocks = block;
        last_block = NULL;
        return chunk_bytes_of(block); /* fresh pages: already zero */
    }
    arena_chunk *chunk = current_chunk;
    size_t used = current_used;
    while (chunk && used + size > chunk->size) {
        chunk = chunk->next;
        used = 0;
    }
    if (!chunk) {
        chunk = map_chunk(chunk_bytes);
        if (!chunk) return NULL;
        /* Appended last, so the chunks passed over stay in order for the next graph. */
        arena_chunk **link = &first_chunk;
        while (*link) link = &(*link)->next;
        *link = chunk;
        used = 0;
    }
    current_chunk = chunk;
    unsigned char *block = chunk_bytes_of(chunk) + used;
    current_used = used + size;
    /* cgraph's own discipline hands out zeroed memory; a reused chunk holds the last graph's. */
    memset(block, 0, request);
    last_block = block;
    last_size = size;
    return block;
}

static void *arena_resize(void *state, void *ptr, size_t old, size_t request) {
    if (!ptr) return arena_alloc(state, request);
    /* The latest block grows in place while its chunk has room. */
    if (ptr == last_block) {
        size_t size = rounded(request ? request : 1);
        size_t start = current_used - last_size;
        if (start + size <= current_chunk->size) {
            if (request > old) memset((unsigned char *)ptr + old, 0, request - old);
            current_used = start + size;
            last_size = size;
            return ptr;
        }
    }
    if (request <= old) return ptr;
    void *moved = arena_alloc(state, request);
    if (moved) memcpy(moved, ptr, old);
    return moved;
}

static void arena_free(void *state, void *ptr) {
    (void)state;
    (void)ptr;
}

static void arena_close(void *state) { (void)state; }

Agmemdisc_t nibviz_graph_arena_discipline = { arena_open, arena_alloc, arena_resize, arena_free, arena_close };
