import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// The Huawei `LIVE_` trailer at its small values: a file that is only the LIVE field, a video of
/// one byte (N = 1), a `_c` block with less room than its own 4-byte size, and PLAY's start for
/// a cover within the 600 ms lead (never below 0).
@Suite("Huawei LIVE_ trailer: the smallest file, N = 1, no room for the cinemagraph size, PLAY's start at 0")
struct HuaweiLiveTrailerSmallValueTests {
    @Test("a file of exactly one field, LIVE_ with no number: a ParseError saying so, not 'no trailer'")
    func fileOfOneField() throws {
        let dir = try TempDir()
        let bytes = HuaweiLiveTrailerTests.field("LIVE_abc")
        try #require(bytes.count == HuaweiLiveTrailer.fieldLength)
        let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(HuaweiLiveTrailerTests.source(bytes, dir)) }
        #expect(error?.message.contains("is not a number") == true, "\(String(describing: error))")
    }

    /// A file shorter than two fields has no room for PLAY, so any N points before its start
    /// (the bound was once computed as `size - 40`, which wrapped and stopped the process).
    @Test("a file of 20 to 39 bytes ending in LIVE_<n>: a ParseError, never a crash", arguments: 0..<20)
    func shorterThanTwoFields(prefix: Int) throws {
        let dir = try TempDir()
        let bytes = [UInt8](repeating: 0x41, count: prefix) + HuaweiLiveTrailerTests.field("LIVE_5")
        let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(HuaweiLiveTrailerTests.source(bytes, dir)) }
        #expect(error?.message == "the Huawei LIVE_ length 5 points before the start of the file (\(bytes.count) bytes)", "\(String(describing: error))")
    }

    @Test("the two-field layout with a video of one byte: N = 1 reads, the video is that byte")
    func videoOfOneByte() throws {
        let dir = try TempDir()
        let image = HuaweiLiveTrailerTests.image
        let bytes = image + [0x42] + HuaweiLiveTrailerTests.field("0:500") + HuaweiLiveTrailerTests.field("LIVE_1")
        let source = try HuaweiLiveTrailerTests.source(bytes, dir)
        let trailer = try #require(try HuaweiLiveTrailer.read(source))
        #expect(trailer.version == nil && trailer.liveLength == 1 && trailer.coverMs == 500)
        #expect(trailer.videoOffset == UInt64(image.count) && trailer.videoLength == 1)
        #expect(try source.read(at: trailer.videoOffset, count: 1) == [0x42])
    }

    @Test("_c with 3 bytes between the video's start and the fields: refused as no room for the size")
    func noRoomForTheCinemagraphSize() throws {
        let dir = try TempDir()
        let bytes = HuaweiLiveTrailerTests.image + [1, 2, 3] + HuaweiLiveTrailerTests.field("v3_f1_c")
            + HuaweiLiveTrailerTests.field("0:0") + HuaweiLiveTrailerTests.field("LIVE_23")
        let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(HuaweiLiveTrailerTests.source(bytes, dir)) }
        #expect(error?.message == "the Huawei trailer says cinemagraph (_c) but has no room for its size", "\(String(describing: error))")
    }

    @Test("PLAY's start is the cover less 600 ms, and 0 when the cover is within 600 ms of the start",
          arguments: [(0, 0), (1, 0), (600, 0), (601, 1), (1000, 400)] as [(Int64, Int64)])
    func playStartNeverBelowZero(cover: Int64, start: Int64) {
        #expect(HuaweiLiveTrailer.playStart(coverMs: cover) == start)
    }
}
