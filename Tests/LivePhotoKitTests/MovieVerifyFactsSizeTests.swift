import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// The video size `verify` compares the still with: the track header's (the size a player
/// shows, turned for a quarter rotation), or the sample entry's when the header says 0.
@Suite("verify: the video's displayed size")
struct MovieVerifyFactsSizeTests {
    /// A copy of the moov-last fixture (320x240) whose video `tkhd` says `width`x`height`,
    /// rewritten in place (same size, nothing after `moov` moves).
    static func movie(tkhdWidth width: UInt32, height: UInt32, in dir: TempDir) throws -> String {
        let path = try dir.write("movie.mov", try Support.bytes(Support.fixture("movie-moov-last.mov")))
        let file = try MovieFile.open(path: path)
        let tkhd = try #require(file.movie.videoTracks.first?.atom.child("tkhd"))
        var header = try TrackHeader(tkhd, path: "tkhd")
        (header.fixedWidth, header.fixedHeight) = (width << 16, height << 16)
        tkhd.payload = header.atom().payload
        let bytes = Array(try Support.bytes(path)[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the tkhd size when it has one (even one that differs from the samples'), the sample entry's when it is 0",
          arguments: [(UInt32(640), UInt32(480), 640.0, 480.0), (320, 240, 320, 240), (0, 0, 320, 240), (640, 0, 640, 240), (0, 480, 320, 480),
                     (1, 1, 1, 1)])   // a 1x1 header is a size too, not "none"
    func displayedSize(width: UInt32, height: UInt32, expectedWidth: Double, expectedHeight: Double) throws {
        let dir = try TempDir()
        let facts = MovieVerifyFacts(try MovieFile.open(path: try Self.movie(tkhdWidth: width, height: height, in: dir)))
        #expect(facts.videoSize == .init(width: expectedWidth, height: expectedHeight), "tkhd \(width)x\(height)")
    }

    /// `verify --wallpaper` reads the stored size (before rotation) by the same rule.
    @Test("the wallpaper check's stored size: the tkhd's, the sample entry's where the tkhd says 0",
          arguments: [(UInt32(640), UInt32(480), 640, 480), (0, 0, 320, 240), (640, 0, 640, 240), (0, 480, 320, 480), (1, 1, 1, 1)])
    func wallpaperStoredSize(width: UInt32, height: UInt32, expectedWidth: Int, expectedHeight: Int) throws {
        let dir = try TempDir()
        let video = try #require(WallpaperStructure(try MovieFile.open(path: try Self.movie(tkhdWidth: width, height: height, in: dir))).video)
        #expect(video.storedWidth == expectedWidth && video.storedHeight == expectedHeight, "tkhd \(width)x\(height)")
        #expect(video.width == expectedWidth && video.height == expectedHeight, "not rotated")
    }
}
