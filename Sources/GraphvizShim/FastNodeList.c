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
   which version runs, the plugin's own function does the work. Off Linux nothing is defined
   here and the plugin's function runs. */

#if defined(__linux__)
#include <limits.h>
#include <link.h>
#include <stdio.h>

typedef void (*delete_fast_node_function)(graph_t *g, node_t *n);

/* 0: not decided yet (the plugin's function), 1: ours, 2: the plugin's. */
static atomic_int unlink_mode;
static _Atomic(delete_fast_node_function) plugin_delete_fast_node;
static atomic_ulong fast_unlinks;

void nibviz_fast_node_list_decide(const char *version) {
    int ours = version && strncmp(version, "2.43.", 5) == 0 && strncmp(PACKAGE_VERSION, "2.43.", 5) == 0;
    int undecided = 0;
    /* A test's choice (`nibviz_unlink_fast_nodes_ourselves(0)`) made meanwhile stands. */
    atomic_compare_exchange_strong(&unlink_mode, &undecided, ours ? 1 : 2);
}

void nibviz_unlink_fast_nodes_ourselves(int on) { atomic_store(&unlink_mode, on ? 1 : 2); }

unsigned long nibviz_fast_node_unlinks(void) { return atomic_load(&fast_unlinks); }

/* The file name of the loaded dot layout plugin (its version is in it: .so.6 for 2.43). */
static int find_dot_layout(struct dl_phdr_info *info, size_t size, void *found) {
    (void)size;
    if (!info->dlpi_name || !strstr(info->dlpi_name, "libgvplugin_dot_layout")) return 0;
    snprintf(found, PATH_MAX, "%s", info->dlpi_name);
    return 1;
}

/* The plugin's own delete_fast_node. Not `dlsym(RTLD_NEXT, …)`: Graphviz opens its plugins
   without adding them to the global scope, so only a lookup in the plugin itself finds it. */
static delete_fast_node_function next_delete_fast_node(void) {
    delete_fast_node_function next = atomic_load(&plugin_delete_fast_node);
    if (next) return next;
    char name[PATH_MAX] = {0};
    dl_iterate_phdr(find_dot_layout, name);
    void *plugin = name[0] ? dlopen(name, RTLD_NOW | RTLD_NOLOAD) : NULL;
    if (!plugin) return NULL;
    next = (delete_fast_node_function)dlsym(plugin, "delete_fast_node");
    dlclose(plugin);
    atomic_store(&plugin_delete_fast_node, next);
    return next;
}

void delete_fast_node(graph_t *g, node_t *n) {
    if (atomic_load_explicit(&unlink_mode, memory_order_relaxed) != 1) {
        delete_fast_node_function next = next_delete_fast_node();
        /* The plugin is loaded (it is what calls), so only an unreadable one falls to ours. */
        if (next && next != delete_fast_node) {
            next(g, n);
            return;
        }
    }
    node_t *following = ND_next(n);
    node_t *preceding = ND_prev(n);
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
void nibviz_fast_node_list_decide(const char *version) { (void)version; }
void nibviz_unlink_fast_nodes_ourselves(int on) { (void)on; }
unsigned long nibviz_fast_node_unlinks(void) { return 0; }
#endif
