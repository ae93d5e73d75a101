import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The facts the wallpaper rules judge a video track by: the luma bit depth is byte 17 of the
/// `hvcC` record (bitDepthLumaMinus8 in its low 3 bits), read only when the record holds that
/// byte; the displayed size is the stored one turned for a quarter turn (90° or 270°); a track
/// without frames spans 0 ticks.
@Suite("wallpaper structure: a video's bit depth from hvcC byte 17, its size turned by quarter turns, no frames no span")
struct WallpaperVideoFactsTests {
    /// A 64x48 HEVC track of `frames` frames of 20 ticks at 600, with `record` as its hvcC, as a reader parses it.
    static func facts(record: [UInt8] = [1], rotation: Int = 0, frames: Int = 3) throws -> WallpaperStructure.Video {
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: record)
        let samples = (0..<frames).map { NewVideoTrack.Sample(bytes: [UInt8($0)], duration: 20, isSync: $0 == 0) }
        let built = NewVideoTrack(configuration: config, rotationDegrees: rotation, timescale: 600, samples: samples)
        let track = try Track(try Support.parseAtom(built.track(trackID: 1, movieTimescale: 600).atom().serialized()), index: 1, path: "trak")
        return WallpaperStructure.videoFacts(track, movieTimescale: 600)
    }

    /// `count` bytes of record, byte 16 the chroma format (4:2:0), byte 17 the luma depth, byte 18 the chroma depth.
    static func record(count: Int, luma: UInt8, chroma: UInt8 = 0xF8) -> [UInt8] {
        var r = [UInt8](repeating: 0, count: count)
        r[0] = 1
        if count > 16 { r[16] = 0xFD }
        if count > 17 { r[17] = luma }
        if count > 18 { r[18] = chroma }
        return r
    }

    static let depths: [(luma: UInt8, depth: Int)] = [(0xF8, 8), (0xFA, 10), (0xFC, 12)]

    @Test("a record of exactly 18 bytes has byte 17: its depth is read", arguments: depths)
    func eighteenByteRecord(luma: UInt8, depth: Int) throws {
        let facts = try Self.facts(record: Self.record(count: 18, luma: luma))
        #expect(facts.codec == .hevc)
        #expect(facts.bitDepth == depth)
    }

    @Test("a record of 17 bytes or fewer has no byte 17: no depth", arguments: [1, 16, 17])
    func shortRecord(count: Int) throws {
        let facts = try Self.facts(record: Self.record(count: count, luma: 0xFA))
        #expect(facts.codec == .hevc && facts.bitDepth == nil)
    }

    @Test("the luma depth, not the chroma depth next to it: 10-bit luma, 8-bit chroma is 10")
    func lumaNotChroma() throws {
        #expect(try Self.facts(record: Self.record(count: 23, luma: 0xFA, chroma: 0xF8)).bitDepth == 10)
        #expect(try Self.facts(record: Self.record(count: 23, luma: 0xF8, chroma: 0xFA)).bitDepth == 8)
    }

    @Test("a quarter turn (90° or 270°) swaps the displayed width and height; 0° and 180° do not",
          arguments: [(0, 64, 48), (90, 48, 64), (180, 64, 48), (270, 48, 64)])
    func turnedSize(rotation: Int, width: Int, height: Int) throws {
        let facts = try Self.facts(rotation: rotation)
        #expect(facts.width == width && facts.height == height, "\(rotation)°: \(facts.width)x\(facts.height)")
        #expect(facts.storedWidth == 64 && facts.storedHeight == 48)
    }

    @Test("a video track without frames spans 0 ticks")
    func noFrames() throws {
        let facts = try Self.facts(frames: 0)
        #expect(facts.frameCount == 0)
        #expect(facts.spanTicks == 0)
    }
}
