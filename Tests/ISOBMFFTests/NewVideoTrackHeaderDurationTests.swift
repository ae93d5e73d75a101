import Testing
import BinaryIO
@testable import ISOBMFF

/// A new video track's header carries no duration of its own: the track's duration is the sum
/// of its edits, which `NewTrack.atom()` writes into `tkhd`. The header value is left 0.
@Suite("new video track: the header's duration is left to the edits")
struct NewVideoTrackHeaderDurationTests {
    @Test("one 20-tick frame at 600: header duration 0, the written tkhd's 20 (its one edit)")
    func headerDurationZero() throws {
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let track = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600, samples: [.init(bytes: [1], duration: 20, isSync: true)])
            .track(trackID: 1, movieTimescale: 600)
        #expect(track.header.duration == 0)
        #expect(track.header.trackID == 1 && track.header.flags == 0x0F)
        #expect(track.edits == [.init(duration: 20, mediaTime: 0, rate: 0x10000)])
        let parsed = try Track(try Support.parseAtom(track.atom().serialized()), index: 1, path: "trak")
        #expect(parsed.header.duration == 20)
    }
}
