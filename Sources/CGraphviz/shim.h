#ifndef NIBVIZ_CGRAPHVIZ_SHIM_H
#define NIBVIZ_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stddef.h>

/* gvRenderData's length is `unsigned int` in Graphviz 2.x and `size_t` in newer releases:
   callers use this wrapper and always see size_t. */
static inline int nibviz_gvRenderData(GVC_t *gvc, graph_t *g, const char *format,
                                      char **result, size_t *length) {
#if defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 3
    return gvRenderData(gvc, g, format, result, length);
#else
    unsigned int len = 0;
    int rc = gvRenderData(gvc, g, format, result, &len);
    *length = (size_t)len;
    return rc;
#endif
}

#endif
