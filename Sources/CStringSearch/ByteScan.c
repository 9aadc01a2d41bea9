// Byte scans 16 positions at a time with SSE2 (every x86-64 processor has it); a plain loop
// elsewhere gives the same offsets.
#include "CStringSearch.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define NV_SSE2 1
#endif

long nv_find(const uint8_t *bytes, long count, long from, const uint8_t *needle, long needleCount) {
    if (from < 0 || needleCount <= 0 || from >= count || needleCount > count - from) return -1;
    if (needleCount == 1) {
        const uint8_t *found = memchr(bytes + from, needle[0], (size_t)(count - from));
        return found ? (long)(found - bytes) : -1;
    }
    long last = needleCount - 1;
    long index = from;
#ifdef NV_SSE2
    const __m128i first = _mm_set1_epi8((char)needle[0]);
    const __m128i second = _mm_set1_epi8((char)needle[1]);
    const __m128i final = _mm_set1_epi8((char)needle[last]);
    // Every load stays inside `bytes`: the last one reads up to index + last + 15.
    for (; index + last + 16 <= count; index += 16) {
        __m128i atFirst = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + index)), first);
        __m128i atSecond = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + index + 1)), second);
        __m128i atLast = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + index + last)), final);
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_and_si128(atFirst, atSecond), atLast));
        while (mask != 0) {
            long candidate = index + __builtin_ctz(mask);
            if (memcmp(bytes + candidate, needle, (size_t)needleCount) == 0) return candidate;
            mask &= mask - 1;
        }
    }
#endif
    for (; index + needleCount <= count; index++) {
        if (bytes[index] == needle[0] && memcmp(bytes + index, needle, (size_t)needleCount) == 0) return index;
    }
    return -1;
}

static int nv_is_tag_or_id(const uint8_t *bytes, long count, long index) {
    uint8_t byte = bytes[index];
    if (byte == '<') return 1;
    return (byte == 'R' || byte == 'G') && index + 1 < count && bytes[index + 1] == '-';
}

long nv_next_tag_or_id(const uint8_t *bytes, long count, long from) {
    if (from < 0) return -1;
    long index = from;
#ifdef NV_SSE2
    const __m128i lt = _mm_set1_epi8('<');
    const __m128i r = _mm_set1_epi8('R');
    const __m128i g = _mm_set1_epi8('G');
    const __m128i dash = _mm_set1_epi8('-');
    for (; index + 17 <= count; index += 16) {
        __m128i here = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i next = _mm_loadu_si128((const __m128i *)(bytes + index + 1));
        __m128i letter = _mm_or_si128(_mm_cmpeq_epi8(here, r), _mm_cmpeq_epi8(here, g));
        __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(here, lt), _mm_and_si128(letter, _mm_cmpeq_epi8(next, dash)));
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < count; index++) {
        if (nv_is_tag_or_id(bytes, count, index)) return index;
    }
    return -1;
}

static int nv_is_link_attribute(const uint8_t *bytes, long count, long index) {
    if (index < 1 || index + 1 >= count || bytes[index] != '=' || bytes[index + 1] != '"') return 0;
    uint8_t before = bytes[index - 1];
    return before == 'd' || before == 'f' || before == 'c';
}

long nv_next_link_attribute(const uint8_t *bytes, long count, long from) {
    if (from < 0) return -1;
    long index = from < 1 ? 1 : from;
#ifdef NV_SSE2
    const __m128i equals = _mm_set1_epi8('=');
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i d = _mm_set1_epi8('d');
    const __m128i f = _mm_set1_epi8('f');
    const __m128i c = _mm_set1_epi8('c');
    // Loads read bytes[index - 1 ... index + 16].
    for (; index + 17 <= count; index += 16) {
        __m128i before = _mm_loadu_si128((const __m128i *)(bytes + index - 1));
        __m128i here = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i next = _mm_loadu_si128((const __m128i *)(bytes + index + 1));
        __m128i named = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(before, d), _mm_cmpeq_epi8(before, f)), _mm_cmpeq_epi8(before, c));
        __m128i hit = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(here, equals), _mm_cmpeq_epi8(next, quote)), named);
        unsigned mask = (unsigned)_mm_movemask_epi8(hit);
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < count; index++) {
        if (nv_is_link_attribute(bytes, count, index)) return index;
    }
    return -1;
}

static int nv_is_plain(uint8_t byte, uint8_t low, uint8_t high, const uint8_t *specials, long specialCount) {
    if (byte < low || byte > high) return 0;
    for (long index = 0; index < specialCount; index++) {
        if (byte == specials[index]) return 0;
    }
    return 1;
}

long nv_plain_prefix(const uint8_t *bytes, long count, long from, uint8_t low, uint8_t high, const uint8_t *specials,
                     long specialCount) {
    if (from < 0) from = 0;
    if (specialCount > 8) specialCount = 8;
    long index = from;
#ifdef NV_SSE2
    const __m128i lowest = _mm_set1_epi8((char)low);
    const __m128i highest = _mm_set1_epi8((char)high);
    // Always eight specials, the missing ones repeating the first (or, with none, a byte
    // outside the range, which is not plain anyway): no loop over them per 16 bytes.
    uint8_t outside;
    if (specialCount > 0) {
        outside = specials[0];
    } else if (low > 0) {
        outside = (uint8_t)(low - 1);
    } else if (high < 255) {
        outside = (uint8_t)(high + 1);
    } else {
        return count > from ? count : from;  // every byte is plain
    }
    uint8_t padded[8];
    for (long number = 0; number < 8; number++) padded[number] = number < specialCount ? specials[number] : outside;
    const __m128i s0 = _mm_set1_epi8((char)padded[0]), s1 = _mm_set1_epi8((char)padded[1]);
    const __m128i s2 = _mm_set1_epi8((char)padded[2]), s3 = _mm_set1_epi8((char)padded[3]);
    const __m128i s4 = _mm_set1_epi8((char)padded[4]), s5 = _mm_set1_epi8((char)padded[5]);
    const __m128i s6 = _mm_set1_epi8((char)padded[6]), s7 = _mm_set1_epi8((char)padded[7]);
    for (; index + 16 <= count; index += 16) {
        __m128i here = _mm_loadu_si128((const __m128i *)(bytes + index));
        // Unsigned comparisons through min and max: `here` is at least `low` where max(here, low)
        // is `here`, at most `high` where min(here, high) is.
        __m128i plain = _mm_and_si128(_mm_cmpeq_epi8(_mm_max_epu8(here, lowest), here), _mm_cmpeq_epi8(_mm_min_epu8(here, highest), here));
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(here, s0), _mm_cmpeq_epi8(here, s1)),
                                       _mm_or_si128(_mm_cmpeq_epi8(here, s2), _mm_cmpeq_epi8(here, s3)));
        special = _mm_or_si128(special, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(here, s4), _mm_cmpeq_epi8(here, s5)),
                                                     _mm_or_si128(_mm_cmpeq_epi8(here, s6), _mm_cmpeq_epi8(here, s7))));
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(special, plain)) ^ 0xFFFFu;
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < count; index++) {
        if (!nv_is_plain(bytes[index], low, high, specials, specialCount)) return index;
    }
    return count > from ? count : from;
}

long nv_ascii_prefix(const uint8_t *bytes, long count, long from) {
    if (from < 0) from = 0;
    long index = from;
#ifdef NV_SSE2
    for (; index + 16 <= count; index += 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + index)));
        if (mask != 0) return index + __builtin_ctz(mask);
    }
#endif
    for (; index < count; index++) {
        if (bytes[index] >= 0x80) return index;
    }
    return count > from ? count : from;
}
