#include "CAVCodec.h"
#include "CLazyLoad.h"
#include <pthread.h>

#define LP_STR2(x) #x
#define LP_STR(x) LP_STR2(x)

void *livephoto_ffmpeg_functions[LP_function_count];
static char load_error[512];
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// The sonames of the major versions the headers describe (the ABI these wrappers assume).
static const char *const libraries[] = {
    "libavutil.so." LP_STR(LIBAVUTIL_VERSION_MAJOR),
    "libavcodec.so." LP_STR(LIBAVCODEC_VERSION_MAJOR),
    "libswscale.so." LP_STR(LIBSWSCALE_VERSION_MAJOR),
};

static const char *const names[LP_function_count] = {
    "av_frame_alloc", "av_frame_free", "av_frame_get_buffer", "av_frame_unref", "av_get_pix_fmt_name",
    "av_log_set_level", "av_mallocz", "av_new_packet", "av_opt_set", "av_packet_alloc", "av_packet_free",
    "av_packet_unref", "av_pix_fmt_desc_get", "av_strerror", "av_version_info", "avcodec_alloc_context3",
    "avcodec_find_decoder", "avcodec_find_encoder_by_name", "avcodec_free_context", "avcodec_open2",
    "avcodec_receive_frame", "avcodec_receive_packet", "avcodec_send_frame", "avcodec_send_packet", "avcodec_version", "sws_freeContext", "sws_getCoefficients",
    "sws_getContext", "sws_scale", "sws_setColorspaceDetails",
};

static void load(void) {
    loaded = livephoto_lazy_load(libraries, (int)(sizeof libraries / sizeof *libraries), names, LP_function_count,
                                 livephoto_ffmpeg_functions,
                                 "FFmpeg's libraries lack", load_error, sizeof load_error);
}

int livephoto_ffmpeg_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *livephoto_ffmpeg_error(void) { return load_error; }
