import Testing
@testable import VideoFrames

/// What a re-encode does when its caller sets nothing: the camera's 30 fps in a timescale of
/// 600, a sync sample a second, the source's size and bit depth, CRF 22 at libx265's medium
/// preset, and the thread counts left to the libraries (0), so libx265 gets two frame threads
/// on two or three cores rather than the one that asking for one thread would give.
@Suite("WallpaperVideoEncoder.Options: the defaults")
struct WallpaperEncoderOptionDefaultsTests {
    @Test("30 fps, timescale 600, key frame every 30, no size limit, source depth, CRF 22, medium, threads 0")
    func defaults() {
        let options = WallpaperVideoEncoder.Options()
        #expect(options.frameRate == 30 && options.timescale == 600 && options.keyframeInterval == 30)
        #expect(options.maximumLongSide == nil && options.bitDepth == .source)
        #expect(options.quality == 22 && options.preset == .medium)
        #expect(options.threads == 0, "the libraries' choice")
        for cores in 2...3 {
            #expect(FFmpegEncoder.Settings.frameThreads(threads: options.threads, cores: cores) == 2, "\(cores) cores")
        }
    }
}
