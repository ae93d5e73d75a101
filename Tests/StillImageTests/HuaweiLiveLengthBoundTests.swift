import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// The Huawei `LIVE_` length N counts the video and the VERSION field: the video starts N + 40
/// bytes before the end. N may reach the file's first byte (a file that is all video and
/// trailer, as a split-off trailer is); one byte more points before the file and is refused.
@Suite("Huawei LIVE_ length: reaching the first byte reads, one more is refused")
struct HuaweiLiveLengthBoundTests {
    static let video = [UInt8](repeating: 0x55, count: 120)

    static func file(live n: Int) -> [UInt8] {
        video + HuaweiLiveTrailerTests.field("v3_f12") + HuaweiLiveTrailerTests.field("0:400") + HuaweiLiveTrailerTests.field("LIVE_\(n)")
    }

    @Test("N = size - 40: the video starts at byte 0")
    func videoAtTheFirstByte() throws {
        let dir = try TempDir()
        let bytes = Self.file(live: Self.video.count + 20)
        let source = try HuaweiLiveTrailerTests.source(bytes, dir)
        let trailer = try #require(try HuaweiLiveTrailer.read(source))
        #expect(trailer.liveLength == UInt64(bytes.count - 40))
        #expect(trailer.videoOffset == 0 && trailer.videoLength == UInt64(Self.video.count), "\(trailer)")
        #expect(trailer.version == .init(version: 3, coverFrame: 12) && trailer.coverMs == 400)
        #expect(try source.read(at: trailer.videoOffset, count: Int(trailer.videoLength)) == Self.video)
    }

    @Test("N = size - 39: refused, naming the length and the file's size")
    func oneBytePastTheStart() throws {
        let dir = try TempDir()
        let bytes = Self.file(live: Self.video.count + 21)
        let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(HuaweiLiveTrailerTests.source(bytes, dir)) }
        #expect(error?.message == "the Huawei LIVE_ length \(Self.video.count + 21) points before the start of the file (\(bytes.count) bytes)", "\(String(describing: error))")
    }
}
