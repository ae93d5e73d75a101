#include "CLazyLoad.h"
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>

int livephoto_lazy_load(const char *const *libraries, int library_count, const char *const *names,
                        int name_count, void **functions, const char *lacking, char *error,
                        size_t error_size) {
    void *handles[library_count];
    // Loading maps and relocates megabytes of libraries (libavcodec and its codecs: about
    // 13 MiB resident) on top of whatever the process holds: first hand the heap's free pages
    // back, so a folder command's peak is what it uses, not what it once used.
    malloc_trim(0);
    for (int i = 0; i < library_count; i++) {
        handles[i] = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            snprintf(error, error_size, "cannot load %s: %s", libraries[i], dlerror());
            return 0;
        }
    }
    for (int f = 0; f < name_count; f++) {
        void *symbol = NULL;
        for (int i = 0; i < library_count && !symbol; i++) symbol = dlsym(handles[i], names[f]);
        if (!symbol) {
            snprintf(error, error_size, "%s %s", lacking, names[f]);
            return 0;
        }
        functions[f] = symbol;
    }
    return 1;
}
