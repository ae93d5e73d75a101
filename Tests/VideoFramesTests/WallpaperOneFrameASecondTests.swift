import BinaryIO
import Foundation
import ISOBMFF
import Testing
import TestSupport
@testable import VideoFrames

/// The encoder's options take any frame rate from 1 fps and any timescale from 1 that the
/// frame rate divides: one frame a second, in a timescale of 600 or of 1, is a valid choice
/// (a 1 s span is then one sample lasting the whole second).
@Suite("wallpaper encode: 1 fps in a timescale of 600 or 1 is accepted")
struct WallpaperOneFrameASecondTests {
    @Test("1 fps over 1 s: one sync sample of timescale / 1 ticks", arguments: [600, 1] as [UInt32])
    func oneFrameASecond(_ timescale: UInt32) throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        var options = WallpaperVideoEncoderTests.fast
        options.frameRate = 1
        options.timescale = timescale
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: 0, end: Int64(file.movie.header.timescale)), options: options)
        #expect(encoded.samples.count == 1)
        #expect(encoded.samples.first?.duration == timescale && encoded.samples.first?.isSync == true)
    }
}
