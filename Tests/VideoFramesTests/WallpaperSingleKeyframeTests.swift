import BinaryIO
import Foundation
import ISOBMFF
import Testing
import TestSupport
@testable import VideoFrames

/// `keyframeInterval` 0 asks for one sync sample, at the start (libx265 `keyint=-1`); a
/// negative interval is no choice and is refused before anything is decoded.
@Suite("wallpaper encode: keyframe interval 0 is one sync sample, a negative one is refused")
struct WallpaperSingleKeyframeTests {
    @Test("interval 0: the encode runs; its first sample is the only sync sample")
    func intervalZero() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        var options = WallpaperVideoEncoderTests.fast
        options.keyframeInterval = 0
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: 0, end: Int64(file.movie.header.timescale)), options: options)
        #expect(encoded.samples.count == 30)
        #expect(encoded.samples.indices.filter { encoded.samples[$0].isSync } == [0])
    }

    @Test("interval -1: refused as an encoder option")
    func negativeInterval() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        var options = WallpaperVideoEncoderTests.fast
        options.keyframeInterval = -1
        let error = #expect(throws: ParseError.self) {
            _ = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file), span: .init(start: 0, end: Int64(file.movie.header.timescale)), options: options)
        }
        #expect(error?.message.hasPrefix("encoder options: ") == true, "\(String(describing: error))")
    }
}
