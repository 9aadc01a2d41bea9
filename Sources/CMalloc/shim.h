// glibc's allocator settings (`mallopt`), as Swift sees them: the site build caps its arenas
// (NibSiteBuild's `ProcessMemory.limitArenas`). Empty where the C library has no <malloc.h>.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
