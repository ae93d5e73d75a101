import BinaryIO
import Foundation
import PropertyBased
@testable import StillImage
import Testing
import TestSupport

/// Huawei/Honor's `LIVE_` trailer, built from OpenHarmony's published layout: written then read
/// back, the cinemagraph and old two-field variants, and hostile values.
@Suite struct HuaweiLiveTrailerTests {
    static let image = Array(repeating: UInt8(0xAA), count: 100)
    static let video = Array(repeating: UInt8(0x55), count: 300)

    static func source(_ bytes: [UInt8], _ dir: TempDir) throws -> FileSource { try JPEGTrailerTests.write(bytes, dir) }

    static func field(_ text: String) -> [UInt8] { Array(text.utf8) + [UInt8](repeating: 0x20, count: 20 - text.utf8.count) }

    /// The example seen on a phone: `v2_f35`, `409:1000`, N = video + 20.
    @Test func publishedExampleReads() throws {
        let dir = try TempDir()
        let bytes = Self.image + Self.video + Self.field("v2_f35") + Self.field("409:1000") + Self.field("LIVE_\(Self.video.count + 20)")
        let trailer = try #require(try HuaweiLiveTrailer.read(Self.source(bytes, dir)))
        #expect(trailer.version == .init(version: 2, coverFrame: 35))
        #expect(trailer.startMs == 409 && trailer.coverMs == 1000)
        #expect(trailer.videoOffset == UInt64(Self.image.count) && trailer.videoLength == UInt64(Self.video.count) && trailer.cinemagraphLength == 0)
    }

    /// Written by our writer, read back by our reader: every value, with and without a cinemagraph block.
    @Test func writtenTrailersReadBack() async {
        await propertyCheck(count: 100, input: Gen.nearEnds(in: 0...100_000), Gen.nearEnds(in: 0...600), Gen.nearEnds(in: 1...2000), Gen.nearEnds(in: 0...40)) { cover, frame, length, cine in
            await Support.failingOnThrow {
                let dir = try TempDir()
                let video = [UInt8](repeating: 7, count: length)
                let block: [UInt8]? = cine == 0 ? nil : [UInt8](repeating: 9, count: cine - 1)
                let version = HuaweiLiveTrailer.Version(version: 3, coverFrame: UInt32(frame), hasCinemagraph: block != nil)
                let start = HuaweiLiveTrailer.playStart(coverMs: Int64(cover))
                let tail = try HuaweiLiveTrailer.bytes(version: version, startMs: start, coverMs: Int64(cover), videoLength: UInt64(length), cinemagraph: block)
                let source = try Self.source(Self.image + video + tail, dir)
                let read = try #require(try HuaweiLiveTrailer.read(source))
                #expect(read.version == version && read.startMs == start && read.coverMs == Int64(cover))
                #expect(read.videoOffset == UInt64(Self.image.count) && read.videoLength == UInt64(length))
                #expect(read.cinemagraphLength == UInt64(block.map { $0.count + 4 } ?? 0))
                #expect(try source.read(at: read.videoOffset, count: length) == video)
            }
        }
    }

    /// `_c`: the cinemagraph block (its size, big-endian, in its last 4 bytes, counting them) sits
    /// between the video and the fields; N counts it.
    @Test func cinemagraphBlockIsBetweenVideoAndFields() throws {
        let dir = try TempDir()
        let block: [UInt8] = Array("cinemagraph-mask".utf8) + [0, 0, 0, 20]
        let n = Self.video.count + 20 + block.count
        let bytes = Self.image + Self.video + block + Self.field("v3_f12_c") + Self.field("0:400") + Self.field("LIVE_\(n)")
        let trailer = try #require(try HuaweiLiveTrailer.read(Self.source(bytes, dir)))
        #expect(trailer.version?.hasCinemagraph == true && trailer.cinemagraphLength == 20)
        #expect(trailer.videoOffset == UInt64(Self.image.count) && trailer.videoLength == UInt64(Self.video.count))
        #expect(try HuaweiLiveTrailer.bytes(version: .init(version: 3, coverFrame: 12), startMs: 0, coverMs: 400, videoLength: UInt64(Self.video.count),
                                            cinemagraph: Array("cinemagraph-mask".utf8)) == Array(bytes.suffix(80)))
    }

    /// The block's size at its bounds: exactly the room between the video's start and the fields
    /// (no video bytes left) reads; one byte more, or less than its own 4 size bytes, does not.
    @Test(arguments: [4, 5, 64])
    func cinemagraphSizeAtTheRoom(room: Int) throws {
        let dir = try TempDir()
        func bytes(saying size: Int) -> [UInt8] {
            let block = [UInt8](repeating: 0x33, count: room - 4) + [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            return Self.image + block + Self.field("v3_f1_c") + Self.field("0:0") + Self.field("LIVE_\(room + 20)")
        }
        let trailer = try #require(try HuaweiLiveTrailer.read(Self.source(bytes(saying: room), dir)))
        #expect(trailer.cinemagraphLength == UInt64(room) && trailer.videoLength == 0 && trailer.videoOffset == UInt64(Self.image.count))
        for size in [room + 1, 3] {
            let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(Self.source(bytes(saying: size), try TempDir())) }
            #expect(error?.message.contains("cinemagraph block size \(size) does not fit") == true, "\(String(describing: error))")
        }
    }

    /// Some writers pad the fields with NULs, or with spaces then NULs: read as the spaces are.
    @Test(arguments: [[0x00], [0x20, 0x00], [0x00, 0x20]] as [[UInt8]])
    func nulPaddedFieldsRead(_ padding: [UInt8]) throws {
        let dir = try TempDir()
        func padded(_ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            return bytes + (0..<(20 - bytes.count)).map { padding[$0 * padding.count / (20 - bytes.count)] }
        }
        let bytes = Self.image + Self.video + padded("v2_f35") + padded("409:1000") + padded("LIVE_\(Self.video.count + 20)")
        let trailer = try #require(try HuaweiLiveTrailer.read(Self.source(bytes, dir)))
        #expect(trailer.version == .init(version: 2, coverFrame: 35))
        #expect(trailer.startMs == 409 && trailer.coverMs == 1000)
        #expect(trailer.videoOffset == UInt64(Self.image.count) && trailer.videoLength == UInt64(Self.video.count))
    }

    /// Older files: no VERSION field, N is the video alone.
    @Test func twoFieldLayoutWithoutVersion() throws {
        let dir = try TempDir()
        let bytes = Self.image + Self.video + Self.field("0:500") + Self.field("LIVE_\(Self.video.count)")
        let trailer = try #require(try HuaweiLiveTrailer.read(Self.source(bytes, dir)))
        #expect(trailer.version == nil && trailer.coverMs == 500)
        #expect(trailer.videoOffset == UInt64(Self.image.count) && trailer.videoLength == UInt64(Self.video.count))
    }

    @Test func noTrailerIsNil() throws {
        let dir = try TempDir()
        #expect(try HuaweiLiveTrailer.read(Self.source(Self.image, dir)) == nil)
        #expect(try HuaweiLiveTrailer.read(Self.source(Array("LIVE".utf8), dir)) == nil)
    }

    /// N that is not a number, N past the file, a `_c` size past the video's start: a ParseError naming it.
    @Test(arguments: [
        ("LIVE_abc", "v3_f1", [UInt8](), "is not a number"),
        ("LIVE_", "v3_f1", [], "is not a number"),
        ("LIVE_-5", "v3_f1", [], "is not a number"),
        ("LIVE_999999", "v3_f1", [], "points before the start of the file"),
        ("LIVE_324", "v3_f1_c", [0, 0, 0x10, 0], "cinemagraph block size 4096 does not fit"),
        ("LIVE_324", "v3_f1_c", [0, 0, 0, 2], "cinemagraph block size 2 does not fit"),
    ])
    func hostileTrailers(live: String, version: String, block: [UInt8], says: String) throws {
        let dir = try TempDir()
        let bytes = Self.image + Self.video + block + Self.field(version) + Self.field("0:0") + Self.field(live)
        let error = #expect(throws: ParseError.self) { try HuaweiLiveTrailer.read(Self.source(bytes, dir)) }
        #expect(error?.message.contains(says) == true, "\(String(describing: error))")
    }

    @Test func fieldsThatDoNotFitAreRefused() {
        #expect(throws: ParseError.self) {
            try HuaweiLiveTrailer.bytes(version: .init(version: 3, coverFrame: 1), startMs: Int64.max, coverMs: Int64.max, videoLength: 10)
        }
    }
}
