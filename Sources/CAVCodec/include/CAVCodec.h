// FFmpeg (libavcodec, libavutil, libswscale) for `livephoto make`, loaded on first use: the
// decoders for the still, libx265 through libavcodec for `make --wallpaper`'s re-encode.
//
// Linking these libraries would load them, and the hundred shared objects they pull in, into
// every run of `livephoto` (about 30 ms before `pair` or `verify` does anything). Only `make`
// decodes video, so the headers give the types and constants, and every function is called
// through an `lp_` wrapper that dlopen(3)s the libraries the first time one is needed.
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <errno.h>
#include <stddef.h>

// FFmpeg's error codes are macros Swift cannot import.
static inline int livephoto_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int livephoto_averror_eof(void) { return AVERROR_EOF; }
static inline int livephoto_av_input_padding(void) { return AV_INPUT_BUFFER_PADDING_SIZE; }

/// Loads the three libraries (the major versions these headers are from) once. Returns 1 when
/// every function below can be called; else 0, with the reason in `livephoto_ffmpeg_error()`.
int livephoto_ffmpeg_load(void);
const char *livephoto_ffmpeg_error(void);

enum livephoto_ffmpeg_function {
    LP_av_frame_alloc, LP_av_frame_free, LP_av_frame_get_buffer, LP_av_frame_unref, LP_av_get_pix_fmt_name,
    LP_av_log_set_level, LP_av_mallocz, LP_av_new_packet, LP_av_opt_set, LP_av_packet_alloc, LP_av_packet_free,
    LP_av_packet_unref, LP_av_pix_fmt_desc_get, LP_av_strerror, LP_av_version_info, LP_avcodec_alloc_context3,
    LP_avcodec_find_decoder, LP_avcodec_find_encoder_by_name, LP_avcodec_free_context, LP_avcodec_open2,
    LP_avcodec_receive_frame, LP_avcodec_receive_packet, LP_avcodec_send_frame, LP_avcodec_send_packet, LP_avcodec_version, LP_sws_freeContext, LP_sws_getCoefficients,
    LP_sws_getContext, LP_sws_scale, LP_sws_setColorspaceDetails, LP_function_count
};
extern void *livephoto_ffmpeg_functions[LP_function_count];

// Callers check livephoto_ffmpeg_load() first; each wrapper has the library function's own type.
#define LP_FN(name) ((__typeof__(&name))livephoto_ffmpeg_functions[LP_##name])
static inline AVFrame *lp_av_frame_alloc(void) { return LP_FN(av_frame_alloc)(); }
static inline void lp_av_frame_free(AVFrame **frame) { LP_FN(av_frame_free)(frame); }
static inline int lp_av_frame_get_buffer(AVFrame *frame, int align) { return LP_FN(av_frame_get_buffer)(frame, align); }
static inline void lp_av_frame_unref(AVFrame *frame) { LP_FN(av_frame_unref)(frame); }
static inline const char *lp_av_get_pix_fmt_name(enum AVPixelFormat f) { return LP_FN(av_get_pix_fmt_name)(f); }
static inline void lp_av_log_set_level(int level) { LP_FN(av_log_set_level)(level); }
static inline void *lp_av_mallocz(size_t size) { return LP_FN(av_mallocz)(size); }
static inline int lp_av_new_packet(AVPacket *pkt, int size) { return LP_FN(av_new_packet)(pkt, size); }
static inline int lp_av_opt_set(void *obj, const char *name, const char *val, int search_flags) { return LP_FN(av_opt_set)(obj, name, val, search_flags); }
static inline AVPacket *lp_av_packet_alloc(void) { return LP_FN(av_packet_alloc)(); }
static inline void lp_av_packet_free(AVPacket **pkt) { LP_FN(av_packet_free)(pkt); }
static inline void lp_av_packet_unref(AVPacket *pkt) { LP_FN(av_packet_unref)(pkt); }
static inline const AVPixFmtDescriptor *lp_av_pix_fmt_desc_get(enum AVPixelFormat f) { return LP_FN(av_pix_fmt_desc_get)(f); }
static inline int lp_av_strerror(int errnum, char *buf, size_t size) { return LP_FN(av_strerror)(errnum, buf, size); }
static inline const char *lp_av_version_info(void) { return LP_FN(av_version_info)(); }
static inline AVCodecContext *lp_avcodec_alloc_context3(const AVCodec *codec) { return LP_FN(avcodec_alloc_context3)(codec); }
static inline const AVCodec *lp_avcodec_find_decoder(enum AVCodecID id) { return LP_FN(avcodec_find_decoder)(id); }
static inline const AVCodec *lp_avcodec_find_encoder_by_name(const char *name) { return LP_FN(avcodec_find_encoder_by_name)(name); }
static inline void lp_avcodec_free_context(AVCodecContext **ctx) { LP_FN(avcodec_free_context)(ctx); }
static inline int lp_avcodec_open2(AVCodecContext *ctx, const AVCodec *codec, AVDictionary **options) { return LP_FN(avcodec_open2)(ctx, codec, options); }
static inline int lp_avcodec_receive_frame(AVCodecContext *ctx, AVFrame *frame) { return LP_FN(avcodec_receive_frame)(ctx, frame); }
static inline int lp_avcodec_receive_packet(AVCodecContext *ctx, AVPacket *pkt) { return LP_FN(avcodec_receive_packet)(ctx, pkt); }
static inline int lp_avcodec_send_frame(AVCodecContext *ctx, const AVFrame *frame) { return LP_FN(avcodec_send_frame)(ctx, frame); }
static inline int lp_avcodec_send_packet(AVCodecContext *ctx, const AVPacket *pkt) { return LP_FN(avcodec_send_packet)(ctx, pkt); }
static inline unsigned lp_avcodec_version(void) { return LP_FN(avcodec_version)(); }
static inline void lp_sws_freeContext(struct SwsContext *c) { LP_FN(sws_freeContext)(c); }
static inline const int *lp_sws_getCoefficients(int colorspace) { return LP_FN(sws_getCoefficients)(colorspace); }
static inline struct SwsContext *lp_sws_getContext(int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH,
                                                   enum AVPixelFormat dstFormat, int flags, SwsFilter *srcFilter,
                                                   SwsFilter *dstFilter, const double *param) {
    return LP_FN(sws_getContext)(srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param);
}
static inline int lp_sws_scale(struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY,
                               int srcSliceH, uint8_t *const dst[], const int dstStride[]) {
    return LP_FN(sws_scale)(c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride);
}
static inline int lp_sws_setColorspaceDetails(struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4],
                                              int dstRange, int brightness, int contrast, int saturation) {
    return LP_FN(sws_setColorspaceDetails)(c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation);
}
#undef LP_FN
