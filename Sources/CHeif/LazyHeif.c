#include "CHeif.h"
#include "CLazyLoad.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

void *livephoto_heif_functions[LPH_heif_function_count];
static char load_error[512];
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// libheif's soname carries only its major version (libheif.so.1 since 1.0).
static const char *const library = "libheif.so.1";

static const char *const names[LPH_heif_function_count] = {
    "heif_context_alloc", "heif_context_free", "heif_context_read_from_memory_without_copy",
    "heif_context_get_primary_image_handle", "heif_context_get_encoder_for_format",
    "heif_context_encode_image", "heif_context_add_exif_metadata", "heif_context_write",
    "heif_image_handle_release", "heif_image_handle_get_width", "heif_image_handle_get_height",
    "heif_decode_image", "heif_image_get_plane_readonly", "heif_image_get_plane", "heif_image_release",
    "heif_image_create", "heif_image_add_plane", "heif_image_get_width", "heif_image_get_height",
    "heif_image_get_primary_width", "heif_image_get_primary_height",
    "heif_encoder_release", "heif_encoder_set_lossy_quality", "heif_get_version",
    "heif_nclx_color_profile_alloc", "heif_nclx_color_profile_free", "heif_image_set_nclx_color_profile",
};

static void load(void) {
    loaded = livephoto_lazy_load(&library, 1, names, LPH_heif_function_count, livephoto_heif_functions,
                                 "libheif lacks", load_error, sizeof load_error);
}

int livephoto_heif_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *livephoto_heif_error(void) { return load_error; }

struct memory_sink {
    uint8_t *bytes;
    size_t size;
};

static struct heif_error append(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    struct memory_sink *sink = userdata;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    struct heif_error full = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    if (size == 0) return ok;
    uint8_t *grown = realloc(sink->bytes, sink->size + size);
    if (!grown) return full;
    memcpy(grown + sink->size, data, size);
    sink->bytes = grown;
    sink->size += size;
    return ok;
}

struct heif_error livephoto_heif_write_to_memory(struct heif_context *ctx, uint8_t **bytes, size_t *size) {
    struct memory_sink sink = {NULL, 0};
    struct heif_writer writer = {1, append};
    struct heif_error e = ((__typeof__(&heif_context_write))livephoto_heif_functions[LPH_heif_context_write])(ctx, &writer, &sink);
    if (e.code != heif_error_Ok) {
        free(sink.bytes);
        sink.bytes = NULL;
        sink.size = 0;
    }
    *bytes = sink.bytes;
    *size = sink.size;
    return e;
}
