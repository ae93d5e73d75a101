#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <errno.h>

// FFmpeg's error codes are macros Swift cannot import.
static inline int livephoto_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int livephoto_averror_eof(void) { return AVERROR_EOF; }
static inline int livephoto_av_input_padding(void) { return AV_INPUT_BUFFER_PADDING_SIZE; }
