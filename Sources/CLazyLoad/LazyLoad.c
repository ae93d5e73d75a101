#include "CLazyLoad.h"
#include <dlfcn.h>
#include <stdio.h>

int livephoto_lazy_load(const char *const *libraries, int library_count, const char *const *names,
                        int name_count, void **functions, const char *lacking, char *error,
                        size_t error_size) {
    void *handles[library_count];
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
