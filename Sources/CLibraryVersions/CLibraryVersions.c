#define _GNU_SOURCE
#include <dlfcn.h>
#include "CLibraryVersions.h"

#ifndef LIVEPHOTO_LIBEXIF_VERSION
#define LIVEPHOTO_LIBEXIF_VERSION ""
#endif
#ifndef LIVEPHOTO_TURBOJPEG_VERSION
#define LIVEPHOTO_TURBOJPEG_VERSION ""
#endif

const char *livephoto_libexif_build_version(void) { return LIVEPHOTO_LIBEXIF_VERSION; }
const char *livephoto_turbojpeg_build_version(void) { return LIVEPHOTO_TURBOJPEG_VERSION; }

const char *livephoto_shared_object_path(const void *symbol) {
    Dl_info info;
    if (symbol && dladdr(symbol, &info) && info.dli_fname) return info.dli_fname;
    return "";
}
