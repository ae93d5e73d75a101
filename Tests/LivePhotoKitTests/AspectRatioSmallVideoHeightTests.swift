import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// `verify`'s aspect-ratio check compares the still with the video's track-header size, a
/// 16.16 fixed-point number: a size of one unit or less is a size too (only 0 means none), so
/// a 4:3 still matches a 4:3 video however small its header says it is.
@Suite("verify: the aspect ratio of a video whose tkhd height is 1 or less")
struct AspectRatioSmallVideoHeightTests {
    /// The moov-last fixture (320x240) with its video `tkhd` saying `width`x`height` in raw
    /// 16.16 units, rewritten in place (same size, nothing after `moov` moves).
    static func movie(fixedWidth width: UInt32, fixedHeight height: UInt32, in dir: TempDir) throws -> String {
        let path = try dir.write("movie.mov", try Support.bytes(Support.fixture("movie-moov-last.mov")))
        let file = try MovieFile.open(path: path)
        let tkhd = try #require(file.movie.videoTracks.first?.atom.child("tkhd"))
        var header = try TrackHeader(tkhd, path: "tkhd")
        (header.fixedWidth, header.fixedHeight) = (width, height)
        tkhd.payload = header.atom().payload
        let bytes = Array(try Support.bytes(path)[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("tkhd 4/3 x 1 and 1 x 3/4 against the 320x240 still: the aspect ratio passes", arguments: [(UInt32(87_381), UInt32(65_536)), (65_536, 49_152)])
    func unitHeightMatches(width: UInt32, height: UInt32) throws {
        let dir = try TempDir()
        let movie = try Self.movie(fixedWidth: width, fixedHeight: height, in: dir)
        let report = try Verifier.verify(still: Support.fixture("still-no-exif.jpg"), movie: movie, decodeStill: false)
        let aspect = try #require(report.checks.first { $0.name == .aspectRatio })
        #expect(aspect.passed, "\(aspect.detail)")
    }
}
