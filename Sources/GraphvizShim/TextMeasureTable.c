#include "GraphvizShim.h"
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

/* ---- the text layout plugin's measurements, in memory forked servers share ---------------
   A render worker draws its graphs in servers it forks one after another (RenderWorker), each
   retiring after 500 graphs or sooner (RenderWorker.KeptMemory). A table in the process's own
   heap died with each server, so every server measured again with Pango what the ones before
   it had measured: over the corpus site, servers that retired every few dozen graphs spent
   1.1 s of a profile in text measuring, 0.78 s with this table, against 0.6 s for the serial
   build, which keeps one table for the whole build. This table lives in one shared anonymous
   mapping made before the first fork: every server of a worker reads what the servers before
   it stored.

   Only one process of a worker draws at a time (the worker waits while its server draws), and
   in one process GraphvizRenderer's lock serializes the calls, so no lock is taken here. A
   server killed while storing takes its worker, and so the table, with it
   (`nibviz_die_by_signal`); a slot is published by its hash, written last, all the same. */

typedef struct {
    uint64_t hash; /* 0: empty */
    uint32_t key_offset, key_length;
    nibviz_text_metrics metrics;
} table_slot;

typedef struct {
    size_t used;       /* published slots */
    size_t arena_used; /* key bytes */
} table_header;

/* 131,072 slots, at most 70 % used (~92,000 measurements, near the 100,000 the Swift table
   it replaced kept), and 16 MiB of key bytes: ~23 MiB of address space, touched as it fills. */
enum { slot_bits = 17 };
static const size_t slot_count = (size_t)1 << slot_bits;
static const size_t arena_capacity = (size_t)16 << 20;

static table_header *header;
static table_slot *slots;
static unsigned char *arena;

int nibviz_text_table_open(void) {
    if (header) return 1;
    size_t size = sizeof(table_header) + slot_count * sizeof(table_slot) + arena_capacity;
    void *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return 0;
    header = memory;
    slots = (table_slot *)(header + 1);
    arena = (unsigned char *)(slots + slot_count);
    return 1;
}

/* FNV-1a, never 0 (0 marks an empty slot). */
static uint64_t hash_of(const unsigned char *key, size_t length) {
    uint64_t hash = 14695981039346656037ULL;
    for (size_t index = 0; index < length; index++) hash = (hash ^ key[index]) * 1099511628211ULL;
    return hash ? hash : 1;
}

/* The slot holding `key`, or the empty slot where it would go. */
static table_slot *slot_for(const unsigned char *key, size_t length, uint64_t hash) {
    size_t mask = slot_count - 1;
    for (size_t index = hash & mask;; index = (index + 1) & mask) {
        table_slot *slot = &slots[index];
        uint64_t found = __atomic_load_n(&slot->hash, __ATOMIC_ACQUIRE);
        if (found == 0) return slot;
        if (found == hash && slot->key_length == length && memcmp(arena + slot->key_offset, key, length) == 0) return slot;
    }
}

int nibviz_text_table_lookup(const unsigned char *key, size_t length, nibviz_text_metrics *metrics) {
    if (!header || !key || !metrics) return 0;
    table_slot *slot = slot_for(key, length, hash_of(key, length));
    if (__atomic_load_n(&slot->hash, __ATOMIC_ACQUIRE) == 0) return 0;
    *metrics = slot->metrics;
    return 1;
}

void nibviz_text_table_store(const unsigned char *key, size_t length, const nibviz_text_metrics *metrics) {
    if (!header || !key || !metrics || length > arena_capacity) return;
    /* Full: start again, as a table in the heap did past its capacity. */
    if (header->used >= slot_count / 10 * 7 || header->arena_used + length > arena_capacity) {
        for (size_t index = 0; index < slot_count; index++) __atomic_store_n(&slots[index].hash, 0, __ATOMIC_RELEASE);
        header->used = 0;
        header->arena_used = 0;
    }
    uint64_t hash = hash_of(key, length);
    table_slot *slot = slot_for(key, length, hash);
    if (__atomic_load_n(&slot->hash, __ATOMIC_ACQUIRE) != 0) {
        slot->metrics = *metrics;
        return;
    }
    memcpy(arena + header->arena_used, key, length);
    slot->key_offset = (uint32_t)header->arena_used;
    slot->key_length = (uint32_t)length;
    slot->metrics = *metrics;
    header->arena_used += length;
    __atomic_store_n(&slot->hash, hash, __ATOMIC_RELEASE);
    header->used += 1;
}

size_t nibviz_text_table_count(void) { return header ? header->used : 0; }
