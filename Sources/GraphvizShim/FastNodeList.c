#define _GNU_SOURCE
#include "GraphvizShim.h"
#include <dlfcn.h>
#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>
#include <graphviz/types.h>
#include <stdatomic.h>
#include <string.h>

/* ---- dot's fast node list, unlinked without walking it -----------------------------------
   dot keeps the nodes of the graph it ranks and orders in a doubly linked list (GD_nlist,
   ND_next, ND_prev), and adds a virtual node for every rank a long edge crosses. It takes
   them out again through `delete_fast_node`, which first asserts `find_fast_node(g, n)`: a
   walk of the whole list. Distributions build Graphviz with its assertions on, so unlinking
   every virtual node costs time quadratic in their number: a third of the layout of a
   400-node graph whose edges cross its clusters (`make bench`'s render section), and half of
   it once a process has drawn a few dozen such graphs (its heap spread out, the walk misses
   the cache at every node).

   This file defines `delete_fast_node` itself. The dot layout plugin calls it through its
   PLT, and the executables export this definition (`--export-dynamic-symbol`, Package.swift),
   so the dynamic linker resolves the plugin's calls here first. It unlinks the node exactly as
   2.43's does, without the walk: the assertion has no effect but its cost (the list of a
   graph dot built itself always holds the node), so the layout and the SVG are the same.
   Only for the Graphviz version this file was compiled and checked against (2.43, its
   headers' layout of the node and graph records); with any other, or before a context said
   which version runs, the plugin's own function does the work, as it does for a node its
   neighbours say is not in the list (there the plugin's assertion stops the process, as it
   always did). Off Linux nothing is defined here and the plugin's function runs. */

#if defined(__linux__)
typedef void (*delete_fast_node_function)(graph_t *g, node_t *n);

/* The plugin's name for it (its headers are not installed); defined below. */
void delete_fast_node(graph_t *g, node_t *n);

/* 0: not decided yet (the plugin's function), 1: ours, 2: the plugin's. */
static atomic_int unlink_mode;
/* The plugin's own function once looked up; `lookup_done` also when it could not be found. */
static _Atomic(delete_fast_node_function) plugin_delete_fast_node;
static atomic_int lookup_done;
static atomic_ulong fast_unlinks;

int nibviz_fast_node_list_mode_for(const char *version) {
    return version && strncmp(version, "2.43.", 5) == 0 && strncmp(PACKAGE_VERSION, "2.43.", 5) == 0 ? 1 : 2;
}

void nibviz_fast_node_list_decide(const char *version) {
    int undecided = 0;
    /* A test's choice (`nibviz_set_fast_node_list_mode`) made meanwhile stands. */
    atomic_compare_exchange_strong(&unlink_mode, &undecided, nibviz_fast_node_list_mode_for(version));
}

int nibviz_fast_node_list_mode(void) { return atomic_load(&unlink_mode); }

void nibviz_set_fast_node_list_mode(int mode) { atomic_store(&unlink_mode, mode); }

unsigned long nibviz_fast_node_unlinks(void) { return atomic_load(&fast_unlinks); }

/* The plugin's own delete_fast_node, looked up once in the object that called this one (the
   plugin: only it calls the function). Not `dlsym(RTLD_NEXT, …)`: Graphviz opens its plugins
   without adding them to the global scope, so only a lookup in the plugin itself finds it. */
static delete_fast_node_function plugin_function(void *caller) {
    if (atomic_load(&lookup_done)) return atomic_load(&plugin_delete_fast_node);
    delete_fast_node_function found = NULL;
    Dl_info info;
    if (dladdr(caller, &info) && info.dli_fname) {
        void *plugin = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
        if (plugin) {
            found = (delete_fast_node_function)dlsym(plugin, "delete_fast_node");
            /* NOLOAD took a reference to a library that stays loaded: give it back. */
            dlclose(plugin);
        }
    }
    if (found == delete_fast_node) found = NULL;
    atomic_store(&plugin_delete_fast_node, found);
    atomic_store(&lookup_done, 1);
    return found;
}

void delete_fast_node(graph_t *g, node_t *n) {
    node_t *following = ND_next(n);
    node_t *preceding = ND_prev(n);
    /* Whether `n` is in `g`'s list, as far as its neighbours say (in O(1)): a node that is
       not (a bad graph drawing Graphviz into a double delete) goes to the plugin's function,
       whose assertion stops the process as it always did, instead of cutting another list. */
    int linked = (preceding ? ND_next(preceding) == n : GD_nlist(g) == n) && (!following || ND_prev(following) == n);
    if (atomic_load_explicit(&unlink_mode, memory_order_relaxed) != 1 || !linked) {
        delete_fast_node_function plugin = plugin_function(__builtin_return_address(0));
        if (plugin) {
            plugin(g, n);
            return;
        }
        /* The plugin's own cannot be found (never seen): the same unlink, done here. */
    }
    if (following) ND_prev(following) = preceding;
    if (preceding)
        ND_next(preceding) = following;
    else
        GD_nlist(g) = following;
    /* A load and a store, not a locked add: layouts are one at a time in a process, and the
       count only has to show that this path runs. */
    atomic_store_explicit(&fast_unlinks, atomic_load_explicit(&fast_unlinks, memory_order_relaxed) + 1, memory_order_relaxed);
}
#else
int nibviz_fast_node_list_mode_for(const char *version) {
    (void)version;
    return 2;
}
void nibviz_fast_node_list_decide(const char *version) { (void)version; }
int nibviz_fast_node_list_mode(void) { return 2; }
void nibviz_set_fast_node_list_mode(int mode) { (void)mode; }
unsigned long nibviz_fast_node_unlinks(void) { return 0; }
#endif
