// jemalloc as the nibviz binary's allocator on Linux: allocator.c holds its settings.
#ifndef NIBVIZ_CJEMALLOC_H
#define NIBVIZ_CJEMALLOC_H

/// jemalloc's settings for this process, read by jemalloc when it starts (NULL off Linux).
extern const char *malloc_conf;

#endif
