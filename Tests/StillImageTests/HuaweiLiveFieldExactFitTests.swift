import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// Each of the Huawei trailer's three fields is 20 bytes, its text padded with spaces: a text of
/// exactly 20 bytes fills its field with no padding and is written (and reads back); 21 bytes
/// do not fit and are refused.
@Suite("Huawei LIVE_ fields: a 20-byte text fills its field, 21 bytes are refused")
struct HuaweiLiveFieldExactFitTests {
    @Test("PLAY \"1234567890:123456789\" (20 bytes) is written unpadded and reads back")
    func twentyBytesFit() throws {
        let play = "1234567890:123456789"
        try #require(play.utf8.count == 20)
        let tail = try HuaweiLiveTrailer.bytes(version: .init(version: 3, coverFrame: 1), startMs: 1_234_567_890, coverMs: 123_456_789, videoLength: 10)
        #expect(tail.count == 60)
        #expect(Array(tail[20..<40]) == Array(play.utf8), "the field is the text alone, no space after it")
        #expect(Array(tail[0..<20]) == HuaweiLiveTrailerTests.field("v3_f1") && Array(tail[40..<60]) == HuaweiLiveTrailerTests.field("LIVE_30"))

        let dir = try TempDir()
        let video = [UInt8](repeating: 0x55, count: 10)
        let trailer = try #require(try HuaweiLiveTrailer.read(HuaweiLiveTrailerTests.source(HuaweiLiveTrailerTests.image + video + tail, dir)))
        #expect(trailer.startMs == 1_234_567_890 && trailer.coverMs == 123_456_789)
        #expect(trailer.videoOffset == UInt64(HuaweiLiveTrailerTests.image.count) && trailer.videoLength == 10)
    }

    @Test("PLAY \"12345678901:123456789\" (21 bytes) is refused as too large, naming the field")
    func twentyOneBytesDoNot() {
        let error = #expect(throws: ParseError.self) {
            try HuaweiLiveTrailer.bytes(version: .init(version: 3, coverFrame: 1), startMs: 12_345_678_901, coverMs: 123_456_789, videoLength: 10)
        }
        #expect(error?.kind == .tooLarge)
        #expect(error?.message == "the Huawei trailer field \"12345678901:123456789\" does not fit in 20 bytes", "\(String(describing: error))")
    }
}
