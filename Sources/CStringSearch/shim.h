// The C library's `memmem`, as Swift sees it: glibc declares it only under _GNU_SOURCE, which
// Swift's Glibc module is built without. (Darwin's <string.h> has the same declaration.)
#include <stddef.h>

void *memmem(const void *haystack, size_t haystacklen, const void *needle, size_t needlelen);
