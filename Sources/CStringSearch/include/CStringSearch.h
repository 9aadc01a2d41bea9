// Byte searches through rendered pages and SVG, which run to megabytes per page: the C
// library's `memmem`, as Swift sees it, and scans that compare 16 bytes at a time.
#ifndef NIBVIZ_CSTRINGSEARCH_H
#define NIBVIZ_CSTRINGSEARCH_H

#include <stddef.h>
#include <stdint.h>

// glibc declares `memmem` only under _GNU_SOURCE, which Swift's Glibc module is built without
// (Darwin's <string.h> has the same declaration).
void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);

/// The offset of the first `needle` in `bytes[from..<count]`, or -1. Candidates are found
/// by the needle's first two bytes and its last, 16 positions at a time, then compared
/// whole: `memmem` costs several instructions per byte on text such as SVG, where the
/// bytes of short needles (` id="`, `</svg>`) are everywhere.
long nv_find(const uint8_t *bytes, long count, long from, const uint8_t *needle, long needleCount);

/// The offset of the next `<`, or of the next `R` or `G` followed by `-`, in
/// `bytes[from..<count]`, or -1: where a tag or a rule id may start in a page's HTML.
long nv_next_tag_or_id(const uint8_t *bytes, long count, long from);

/// The offset of the next `="` after a `d`, `f` or `c` in `bytes[from..<count]`, or -1:
/// where the value of an `id`, `href` or `src` attribute may start, passing over the other
/// attributes of SVG (coordinates, colours, fonts).
long nv_next_link_attribute(const uint8_t *bytes, long count, long from);

/// The offset of the first byte in `bytes[from..<count]` that is below `low`, above `high` or
/// one of the `specialCount` (at most 8) `specials`; `count` when there is none. Every text
/// the site escapes (DOT strings, HTML-like labels, HTML) is mostly bytes it keeps.
long nv_plain_prefix(const uint8_t *bytes, long count, long from, uint8_t low, uint8_t high, const uint8_t *specials,
                     long specialCount);

/// The offset of the first byte of 0x80 or more in `bytes[from..<count]`, `count` when all are
/// ASCII: where a text stops being checkable as ASCII.
long nv_ascii_prefix(const uint8_t *bytes, long count, long from);

#endif
