import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import VideoFrames

/// A still asked at another size than the frame's (the wallpaper's, brought down to its long
/// side): any size down to one pixel a side is scaled to, with libswscale's settings as ffmpeg
/// applies them; no pixels at all is refused before libswscale.
@Suite("StillFrameExtractor: a still at a given size")
struct StillFrameSizeTests {
    @Test("one pixel wide, one pixel high, or one pixel: the pixels ffmpeg scales the frame to", .requires(.ffmpeg),
          arguments: [(1, 1), (1, 9), (9, 1), (320, 240)])
    func scaledStill(width: Int, height: Int) throws {
        let path = Support.fixture("movie-moov-last.mov")
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.mainVideoTrack)
        let still = try StillFrameExtractor.extract(from: file, track: track, movieTick: 0, size: (width, height))
        #expect(still.width == width && still.height == height && still.pixels.count == width * height * 3)
        let ffmpeg = try Support.requireTool("ffmpeg")
        let filter = "select=eq(n\\,0),scale=w=\(width):h=\(height):in_color_matrix=bt601:in_range=tv:flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp"
        let theirs = try Support.run(ffmpeg, ["-v", "error", "-noautorotate", "-i", path, "-vf", filter, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        try #require(theirs.status == 0, "ffmpeg: \(theirs.err)")
        #expect(still.pixels == Array(theirs.outData), "\(width)x\(height)")
    }

    @Test("a size with no pixels is refused, naming it", arguments: [(0, 5), (5, 0), (0, 0)])
    func noPixels(width: Int, height: Int) throws {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let track = try #require(file.movie.mainVideoTrack)
        let error = #expect(throws: ParseError.self) { try StillFrameExtractor.extract(from: file, track: track, movieTick: 0, size: (width, height)) }
        #expect(error?.kind == .tooLarge && error?.message.hasSuffix("cannot be scaled to \(width)x\(height) pixels") == true, "\(String(describing: error))")
    }
}
