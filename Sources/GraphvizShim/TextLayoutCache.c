#include "GraphvizShim.h"
#include <graphviz/gvc.h>
#include <graphviz/gvplugin.h>
#include <graphviz/gvplugin_textlayout.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

/* ---- text measurements remembered across labels and graphs ------------------------------
   Graphviz measures every text span of every label with Pango (a PangoLayout built, shaped
   by HarfBuzz and thrown away): a tenth of a serial site build's CPU, for class names,
   selectors and font sizes that repeat from one label and one graph to the next. This
   plugin stands in front of Pango's ("textlayout", quality 11 > Pango's 10): a span whose
   text, font name, size and flags were measured before gets the same numbers back, the rest
   go to Pango. The measurements are kept in TextMeasureTable.c's table, which forked
   servers share. Only what Pango computes from those inputs is reused (its font description
   cache is keyed by the same name and size); its PangoLayout is only drawn by the cairo
   renderers, so reuse is on only while SVG or DOT is rendered (`nibviz_text_cache_use`). */

static boolean (*pango_measure)(textspan_t *span, char **fontpath);
static int cache_in_use;

static boolean measure(textspan_t *span, char **fontpath) {
    textfont_t *font = span->font;
    /* fontpath: Graphviz's verbose mode asks which font file was used: only Pango knows. */
    if (!cache_in_use || fontpath || !font || !font->name || !span->str) return pango_measure(span, fontpath);
    size_t name_length = strlen(font->name), text_length = strlen(span->str);
    size_t length = sizeof(double) + 1 + name_length + 1 + text_length;
    unsigned char small[512];
    unsigned char *key = length <= sizeof small ? small : malloc(length);
    if (!key) return pango_measure(span, fontpath);
    memcpy(key, &font->size, sizeof(double));
    key[sizeof(double)] = (unsigned char)font->flags;
    memcpy(key + sizeof(double) + 1, font->name, name_length + 1);
    memcpy(key + sizeof(double) + 1 + name_length + 1, span->str, text_length);
    nibviz_text_metrics metrics;
    boolean measured;
    if (nibviz_text_table_lookup(key, length, &metrics)) {
        span->size.x = metrics.width;
        span->size.y = metrics.height;
        span->yoffset_layout = metrics.yoffset_layout;
        span->yoffset_centerline = metrics.yoffset_centerline;
        span->layout = NULL;
        span->free_layout = NULL;
        measured = metrics.measured ? TRUE : FALSE;
    } else {
        measured = pango_measure(span, fontpath);
        metrics.width = span->size.x;
        metrics.height = span->size.y;
        metrics.yoffset_layout = span->yoffset_layout;
        metrics.yoffset_centerline = span->yoffset_centerline;
        metrics.measured = measured ? 1 : 0;
        nibviz_text_table_store(key, length, &metrics);
    }
    if (key != small) free(key);
    return measured;
}

static gvtextlayout_engine_t cached_engine = { measure };
static gvplugin_installed_t cached_types[] = {
    {0, "textlayout", 11, &cached_engine, NULL},
    {0, NULL, 0, NULL, NULL},
};
static gvplugin_api_t cached_apis[] = {
    {API_textlayout, cached_types},
    {(api_t)0, NULL},
};
static gvplugin_library_t cached_library = { "nibviz_textcache", cached_apis };
static lt_symlist_t builtins[] = {
    {"gvplugin_nibviz_textcache_LTX_library", &cached_library},
    {NULL, NULL},
};

GVC_t *nibviz_context(void) {
    /* A first context loads the text layout plugin Graphviz would use: Pango's, found by its
       library's exported plugin table. Without it (no Pango plugin), the plain context. */
    GVC_t *plain = gvContext();
    /* The dot layout's node list is unlinked here when the running Graphviz is the one
       FastNodeList.c was checked against. */
    nibviz_fast_node_list_decide(plain ? gvcVersion(plain) : NULL);
    void *pango = dlopen("libgvplugin_pango.so.6", RTLD_NOW | RTLD_NOLOAD);
    gvplugin_installed_t *types = pango ? dlsym(pango, "gvtextlayout_pango_types") : NULL;
    gvtextlayout_engine_t *engine = types ? types[0].engine : NULL;
    /* The table is mapped before any graph is drawn, so before this process forks a server. */
    if (!engine || !engine->textlayout || !nibviz_text_table_open()) return plain;
    pango_measure = engine->textlayout;
    gvFreeContext(plain);
    return gvContextPlugins(builtins, 1);
}

void nibviz_text_cache_use(int on) { cache_in_use = on; }
