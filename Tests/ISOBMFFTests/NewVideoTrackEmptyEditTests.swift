import Testing
import BinaryIO
@testable import ISOBMFF

/// A made video track without samples still has its one edit: it lasts nothing and starts
/// the media at 0 (no sample is presented, so there is no first presented sample to start at).
@Suite("new video track without samples: one edit of duration 0 at media time 0")
struct NewVideoTrackEmptyEditTests {
    @Test("no samples: edits == [duration 0, media time 0, rate 1.0], no chunk")
    func emptyTrackEdit() {
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: [])
        let made = track.track(trackID: 1, movieTimescale: 600)
        #expect(made.edits == [.init(duration: 0, mediaTime: 0, rate: 0x10000)])
        #expect(track.mediaDuration == 0 && track.chunks.isEmpty)
    }
}
