import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// The re-encode hands back the still when it decodes the still's frame anyway: the frame shown
/// at the still time, at the encoded video's size, the pixels a decode of that frame alone
/// gives. A still time the span does not reach is left to the caller (nil).
@Suite("wallpaper encode: the still taken from the frames it decodes")
struct WallpaperStillFromEncodeTests {
    @Test("a still time inside the span: that frame, at the video's size, as decoded alone; one past the span: none")
    func stillFromTheDecodedFrames() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let timescale = file.movie.header.timescale
        let timing = FrameTiming(track: track, movieTimescale: timescale)
        let span = WallpaperVideoEncoder.Span(start: 0, end: Int64(timescale) / 2)
        var options = WallpaperVideoEncoderTests.fast
        options.maximumLongSide = 160
        let at = timing.startTick(ofFrame: 3)
        try #require(at > span.start && at < span.end, "frame 4 starts inside the span")
        let target = try #require(timing.shownSample(atMovieTick: at))
        let (video, still) = try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: options, stillAt: at)
        let frame = try #require(still, "the still's frame was decoded for the video")
        #expect(frame.sampleIndex == target.sampleIndex && frame.compositionTime == target.compositionTime)
        #expect(frame.width == video.width && frame.height == video.height && frame.width == 160 && frame.pixels.count == frame.width * frame.height * 3)
        let alone = try StillFrameExtractor.extract(from: file, track: track, movieTick: at, size: (video.width, video.height))
        #expect(frame.pixels == alone.pixels, "the same frame, converted the same way")

        let later = timing.startTick(ofFrame: 20)
        try #require(later >= span.end)
        #expect(try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: options, stillAt: later).still == nil)
    }
}
