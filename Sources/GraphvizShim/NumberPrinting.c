#define _GNU_SOURCE
#include "GraphvizShim.h"
#include <dlfcn.h>
#include <graphviz/gvc.h>
#include <graphviz/gvcjob.h>
#include <math.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- SVG coordinates printed without snprintf ------------------------------------------
   Graphviz's SVG renderer prints every coordinate of every path, polygon and text position
   through libgvc's `gvprintdouble`: in 2.43 that is snprintf("%.02f"), trailing zeros and
   point dropped. Rounded boxes (most of nibviz's nodes) are drawn as Bézier paths of dozens
   of points, so that one snprintf was a tenth of Graphviz's CPU in a corpus site build, and
   a third of its render step.

   This file defines `gvprintdouble` itself. The executable's definition comes first in the
   dynamic linker's lookup, so the renderer's calls (made through its PLT) land here; the
   linker exports it because libgvc, a library the executable links, defines the same name.
   The digits are those of "%.02f" exactly (correctly rounded, ties to even, which is what
   glibc's printf does on the binary value), computed with one fused multiply-add: x·100 is
   c + e exactly, with c the rounded product and e its error, so the rounding decision is
   the sign of (c − ⌊c⌋ − ½) + e, which floating-point addition keeps exact in sign
   (c − ⌊c⌋ is exact: for c in (−½, 0) it is 1 + c, which could round only for
   c = −(½ − 2⁻⁵⁴), a product no double gives).
   Only for the Graphviz version whose function this one was checked against (2.43: values
   within ±1e-8 print as 0); any other version goes to libgvc's own function. Values past
   |x| < 1e13 (which keeps c within 2^53) and non-finite ones are printed by snprintf, as 2.43
   does. */

size_t nibviz_print_two_decimals(double x, char *out) {
    double product = x * 100.0;
    double error = fma(x, 100.0, -product);
    double whole = floor(product);
    double beyond_half = ((product - whole) - 0.5) + error;
    int64_t units = (int64_t)whole;
    if (beyond_half > 0 || (beyond_half == 0 && (units & 1))) units += 1;
    int negative = units < 0 || (units == 0 && signbit(x));
    uint64_t magnitude = units < 0 ? (uint64_t)0 - (uint64_t)units : (uint64_t)units;
    char reversed[24];
    size_t digits = 0;
    do {
        reversed[digits++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0 || digits < 3);
    size_t length = 0;
    if (negative) out[length++] = '-';
    while (digits > 2) out[length++] = reversed[--digits];
    out[length++] = '.';
    out[length++] = reversed[1];
    out[length++] = reversed[0];
    out[length] = 0;
    return length;
}

int nibviz_prints_two_decimals(double x) { return isfinite(x) && fabs(x) < 1e13; }

/* 2.43's trim of a "%.02f" text of `length` bytes: trailing zeros, then a bare point, dropped. */
static size_t trimmed(char *text, size_t length) {
    while (length > 0 && text[length - 1] == '0') text[--length] = 0;
    if (length > 0 && text[length - 1] == '.') text[--length] = 0;
    return length;
}

/* What 2.43's gvprintdouble writes for `num`: "%.02f" less trailing zeros and point. */
size_t nibviz_print_coordinate(double num, char *out) {
    if (num > -1e-8 && num < 1e-8) num = 0;
    return trimmed(out, nibviz_print_two_decimals(num, out));
}

#if defined(__linux__)
/* libgvc's writer, exported but not in its public headers. */
extern size_t gvwrite(GVJ_t *job, const char *s, size_t len);

typedef void (*print_double_function)(GVJ_t *job, double num);

/* 0: not decided yet, 1: our digits, 2: libgvc's function. Races only decide the same. */
static atomic_int print_mode;
static _Atomic(print_double_function) libgvc_print_double;
static atomic_ulong fast_prints;

/* libgvc's own gvprintdouble: the next definition after this executable's. */
static print_double_function next_print_double(void) {
    print_double_function next = atomic_load(&libgvc_print_double);
    if (!next) {
        next = (print_double_function)dlsym(RTLD_NEXT, "gvprintdouble");
        atomic_store(&libgvc_print_double, next);
    }
    return next;
}

/* The linked libgvc's version, as the first job with a context reported it. */
static _Atomic(const char *) graphviz_version;

/* Decided once, from the first job that has a context (`gvc` is GVJ_t's first field in
   every version); a call without one gets libgvc's function and decides nothing. */
static int decide_mode(GVJ_t *job) {
    const char *version = job && job->gvc ? gvcVersion(job->gvc) : NULL;
    if (!version) return 2;
    atomic_store(&graphviz_version, version);
    int mode = strncmp(version, "2.43.", 5) == 0 ? 1 : 2;
    int undecided = 0;
    /* A test's choice (`nibviz_print_coordinates_ourselves(0)`) made meanwhile stands. */
    return atomic_compare_exchange_strong(&print_mode, &undecided, mode) ? mode : atomic_load(&print_mode);
}

void gvprintdouble(GVJ_t *job, double num) {
    int mode = atomic_load_explicit(&print_mode, memory_order_relaxed);
    if (mode == 0) mode = decide_mode(job);
    print_double_function next = mode == 1 ? NULL : next_print_double();
    if (next) {
        next(job, num);
        return;
    }
    /* 2.43's text (also where libgvc's own cannot be found): our digits where they cover the
       value, else the C library's, trimmed the same way ("inf" and "nan" have no point). */
    char text[352];
    size_t length = 0;
    if (nibviz_prints_two_decimals(num)) {
        length = nibviz_print_coordinate(num, text);
        /* A load and a store, not a locked add: renders are one at a time in a process, and
           the count only has to show that this path runs. */
        atomic_store_explicit(&fast_prints, atomic_load_explicit(&fast_prints, memory_order_relaxed) + 1, memory_order_relaxed);
    } else {
        int printed = snprintf(text, sizeof text, "%.02f", num);
        if (printed > 0 && printed < (int)sizeof text) length = strchr(text, '.') ? trimmed(text, (size_t)printed) : (size_t)printed;
    }
    gvwrite(job, text, length);
}

unsigned long nibviz_fast_coordinate_prints(void) { return atomic_load(&fast_prints); }

void nibviz_print_coordinates_ourselves(int on) { atomic_store(&print_mode, on ? 0 : 2); }

const char *nibviz_graphviz_version(void) { return atomic_load(&graphviz_version); }
#else
unsigned long nibviz_fast_coordinate_prints(void) { return 0; }

void nibviz_print_coordinates_ourselves(int on) { (void)on; }

const char *nibviz_graphviz_version(void) { return NULL; }
#endif
