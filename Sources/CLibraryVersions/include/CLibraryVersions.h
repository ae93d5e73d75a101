#ifndef CLIBRARYVERSIONS_H
#define CLIBRARYVERSIONS_H

/// The libexif and libjpeg-turbo versions pkg-config reported when this binary was built
/// (the Makefile passes them as -DLIVEPHOTO_LIBEXIF_VERSION / -DLIVEPHOTO_TURBOJPEG_VERSION);
/// "" when built without them (plain `swift build`). libexif has no runtime version call.
const char *livephoto_libexif_build_version(void);
const char *livephoto_turbojpeg_build_version(void);

/// The path of the shared object that holds `symbol`, or "" (dladdr(3)).
const char *livephoto_shared_object_path(const void *symbol);

#endif
