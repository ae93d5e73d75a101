import CAVCodec
import Testing
@testable import VideoFrames

/// A libavcodec status becomes the error's words through av_strerror: the text FFmpeg gives
/// for it, never an empty reason after "failed to decode: ".
@Suite("FFmpeg status messages: libavcodec's own words")
struct FFmpegDecoderErrorMessageTests {
    @Test("AVERROR_INVALIDDATA and AVERROR(ENOMEM) read as FFmpeg words them")
    func knownStatuses() throws {
        try FFmpegDecoder.requireLibraries()
        // FFERRTAG('I', 'N', 'D', 'A'), negated: -0x41444E49.
        #expect(FFmpegDecoder.message(-0x4144_4E49) == "Invalid data found when processing input")
        #expect(FFmpegDecoder.message(-ENOMEM) == "Cannot allocate memory")
        #expect(FFmpegDecoder.DecodeFailure(status: -0x4144_4E49).message == "Invalid data found when processing input")
    }
}
