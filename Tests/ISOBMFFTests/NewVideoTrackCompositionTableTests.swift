import Testing
import BinaryIO
@testable import ISOBMFF

/// A new video track writes `ctts` exactly when some sample's composition offset is not 0: a
/// track presented in decode order has none; any non-zero offset, even the same one for every
/// sample, is written.
@Suite("new video track: ctts only when an offset is not 0")
struct NewVideoTrackCompositionTableTests {
    static func parsed(offsets: [Int32]) throws -> Track {
        let made = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                 timescale: 600, samples: offsets.map { .init(bytes: [1], duration: 20, isSync: true, compositionOffset: $0) })
        return try Track(try Support.parseAtom(made.track(trackID: 1, movieTimescale: 600).atom().serialized()), index: 1, path: "trak")
    }

    @Test("every offset 0: no ctts box")
    func zeroOffsetsWriteNoTable() throws {
        let track = try Self.parsed(offsets: [0, 0, 0])
        #expect(track.atom.find("mdia", "minf", "stbl", "ctts") == nil)
        #expect(track.sampleTable.compositionOffsets.isEmpty)
    }

    @Test("every offset 1: one ctts run of offset 1")
    func sameNonZeroOffsetIsWritten() throws {
        let track = try Self.parsed(offsets: [1, 1, 1])
        #expect(track.atom.find("mdia", "minf", "stbl", "ctts") != nil)
        #expect(track.sampleTable.compositionOffsets == [.init(count: 3, offset: 1)])
        #expect(track.sampleTable.compositionTimes() == [1, 21, 41])
    }
}
