#ifndef CLAZYLOAD_H
#define CLAZYLOAD_H
#include <stddef.h>

// Opens `libraries` (sonames, in order) and fills `functions[f]` with `names[f]` taken from the
// first of them that has it. Returns 1 when every name was found. Otherwise returns 0 and writes
// into `error` either "cannot load <library>: <dlerror>" or "<lacking> <name>" for the first
// name none of them has (`lacking` says whose: "libheif lacks"). Call it once (pthread_once).
int livephoto_lazy_load(const char *const *libraries, int library_count, const char *const *names,
                        int name_count, void **functions, const char *lacking, char *error,
                        size_t error_size);

#endif
