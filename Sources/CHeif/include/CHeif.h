// libheif for HEIC stills (`verify --strict`'s decode, `make --still-format heic`), loaded on
// first use.
//
// Linking libheif would load it and its codecs (libde265, x265, libaom) into every run of
// `livephoto`. Only a strict verify of a HEIC and a HEIC `make` need it, so the header gives the
// types and constants, and every function is called through an `lp_` wrapper that dlopen(3)s
// the library the first time one is needed (as CAVCodec does for FFmpeg).
#include <libheif/heif.h>
#include <stddef.h>
#include <stdint.h>

/// Loads libheif (the soname of the major version this header is from) once. Returns 1 when
/// every function below can be called; else 0, with the reason in `livephoto_heif_error()`.
int livephoto_heif_load(void);
const char *livephoto_heif_error(void);

enum livephoto_heif_function {
    LPH_heif_context_alloc, LPH_heif_context_free, LPH_heif_context_read_from_memory_without_copy,
    LPH_heif_context_get_primary_image_handle, LPH_heif_context_get_encoder_for_format,
    LPH_heif_context_encode_image, LPH_heif_context_add_exif_metadata, LPH_heif_context_write,
    LPH_heif_image_handle_release, LPH_heif_image_handle_get_width, LPH_heif_image_handle_get_height,
    LPH_heif_decode_image, LPH_heif_image_get_plane_readonly, LPH_heif_image_get_plane, LPH_heif_image_release,
    LPH_heif_image_create, LPH_heif_image_add_plane, LPH_heif_image_get_width, LPH_heif_image_get_height,
    LPH_heif_image_get_primary_width, LPH_heif_image_get_primary_height,
    LPH_heif_encoder_release, LPH_heif_encoder_set_lossy_quality, LPH_heif_get_version,
    LPH_heif_nclx_color_profile_alloc, LPH_heif_nclx_color_profile_free, LPH_heif_image_set_nclx_color_profile,
    LPH_heif_function_count
};
extern void *livephoto_heif_functions[LPH_heif_function_count];

/// The encoded file, written by `heif_context_write` into one malloc(3)ed buffer the caller frees.
struct heif_error livephoto_heif_write_to_memory(struct heif_context *ctx, uint8_t **bytes, size_t *size);

// Callers check livephoto_heif_load() first; each wrapper has the library function's own type.
#define LPH_FN(name) ((__typeof__(&name))livephoto_heif_functions[LPH_##name])
static inline struct heif_context *lp_heif_context_alloc(void) { return LPH_FN(heif_context_alloc)(); }
static inline void lp_heif_context_free(struct heif_context *ctx) { LPH_FN(heif_context_free)(ctx); }
static inline struct heif_error lp_heif_context_read_from_memory_without_copy(struct heif_context *ctx, const void *mem, size_t size) {
    return LPH_FN(heif_context_read_from_memory_without_copy)(ctx, mem, size, NULL);
}
static inline struct heif_error lp_heif_context_get_primary_image_handle(struct heif_context *ctx, struct heif_image_handle **handle) {
    return LPH_FN(heif_context_get_primary_image_handle)(ctx, handle);
}
static inline struct heif_error lp_heif_context_get_encoder_for_format(struct heif_context *ctx, enum heif_compression_format format,
                                                                       struct heif_encoder **encoder) {
    return LPH_FN(heif_context_get_encoder_for_format)(ctx, format, encoder);
}
static inline struct heif_error lp_heif_context_encode_image(struct heif_context *ctx, const struct heif_image *image,
                                                             struct heif_encoder *encoder, struct heif_image_handle **handle) {
    return LPH_FN(heif_context_encode_image)(ctx, image, encoder, NULL, handle);
}
static inline struct heif_color_profile_nclx *lp_heif_nclx_color_profile_alloc(void) { return LPH_FN(heif_nclx_color_profile_alloc)(); }
static inline void lp_heif_nclx_color_profile_free(struct heif_color_profile_nclx *nclx) { LPH_FN(heif_nclx_color_profile_free)(nclx); }
static inline struct heif_error lp_heif_image_set_nclx_color_profile(struct heif_image *image, const struct heif_color_profile_nclx *nclx) {
    return LPH_FN(heif_image_set_nclx_color_profile)(image, nclx);
}
static inline struct heif_error lp_heif_context_add_exif_metadata(struct heif_context *ctx, const struct heif_image_handle *handle,
                                                                  const void *data, int size) {
    return LPH_FN(heif_context_add_exif_metadata)(ctx, handle, data, size);
}
static inline void lp_heif_image_handle_release(const struct heif_image_handle *handle) { LPH_FN(heif_image_handle_release)(handle); }
static inline int lp_heif_image_handle_get_width(const struct heif_image_handle *handle) { return LPH_FN(heif_image_handle_get_width)(handle); }
static inline int lp_heif_image_handle_get_height(const struct heif_image_handle *handle) { return LPH_FN(heif_image_handle_get_height)(handle); }
static inline struct heif_error lp_heif_decode_image(const struct heif_image_handle *handle, struct heif_image **image,
                                                     enum heif_colorspace colorspace, enum heif_chroma chroma) {
    return LPH_FN(heif_decode_image)(handle, image, colorspace, chroma, NULL);
}
static inline const uint8_t *lp_heif_image_get_plane_readonly(const struct heif_image *image, enum heif_channel channel, int *stride) {
    return LPH_FN(heif_image_get_plane_readonly)(image, channel, stride);
}
static inline uint8_t *lp_heif_image_get_plane(struct heif_image *image, enum heif_channel channel, int *stride) {
    return LPH_FN(heif_image_get_plane)(image, channel, stride);
}
static inline void lp_heif_image_release(const struct heif_image *image) { LPH_FN(heif_image_release)(image); }
static inline struct heif_error lp_heif_image_create(int width, int height, enum heif_colorspace colorspace, enum heif_chroma chroma,
                                                     struct heif_image **image) {
    return LPH_FN(heif_image_create)(width, height, colorspace, chroma, image);
}
static inline struct heif_error lp_heif_image_add_plane(struct heif_image *image, enum heif_channel channel, int width, int height, int depth) {
    return LPH_FN(heif_image_add_plane)(image, channel, width, height, depth);
}
static inline int lp_heif_image_get_width(const struct heif_image *image, enum heif_channel channel) { return LPH_FN(heif_image_get_width)(image, channel); }
static inline int lp_heif_image_get_height(const struct heif_image *image, enum heif_channel channel) { return LPH_FN(heif_image_get_height)(image, channel); }
static inline int lp_heif_image_get_primary_width(const struct heif_image *image) { return LPH_FN(heif_image_get_primary_width)(image); }
static inline int lp_heif_image_get_primary_height(const struct heif_image *image) { return LPH_FN(heif_image_get_primary_height)(image); }
static inline void lp_heif_encoder_release(struct heif_encoder *encoder) { LPH_FN(heif_encoder_release)(encoder); }
static inline struct heif_error lp_heif_encoder_set_lossy_quality(struct heif_encoder *encoder, int quality) {
    return LPH_FN(heif_encoder_set_lossy_quality)(encoder, quality);
}
static inline const char *lp_heif_get_version(void) { return LPH_FN(heif_get_version)(); }
#undef LPH_FN
