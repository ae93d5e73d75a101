import Testing
import BinaryIO
@testable import ISOBMFF

/// The video-orientation track lasts the video's `tkhd` duration, and at least one tick: a
/// video whose header says 0 ticks still gets a sample (and an edit) of 1 tick, no longer.
@Suite("video-orientation track: as long as the video, at least one tick")
struct VideoOrientationTrackShortVideoTests {
    /// A one-frame video track whose `tkhd` says `ticks`.
    static func video(ticks: UInt64) throws -> Track {
        let made = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                 timescale: 600, samples: [.init(bytes: [1], duration: 20, isSync: true)])
        let trak = try Support.parseAtom(made.track(trackID: 1, movieTimescale: 600).atom().serialized())
        TrackHeader.setDuration(ticks, in: try #require(trak.child("tkhd")))
        let track = try Track(trak, index: 1, path: "trak")
        try #require(track.header.duration == ticks)
        return track
    }

    @Test("the edit, the sample's duration and tkhd: the video's ticks, 1 for a video of 0", arguments: [(UInt64(0), UInt32(1)), (1, 1), (2, 2), (600, 600)])
    func durationFollowsTheVideo(videoTicks: UInt64, expected: UInt32) throws {
        let made = VideoOrientationTrack.makeTrack(trackID: 2, video: try Self.video(ticks: videoTicks), movieTimescale: 600)
        let track = try Track(try Support.parseAtom(made.trak.serialized()), index: 2, path: "trak")
        #expect(track.edits?.entries == [.init(duration: UInt64(expected), mediaTime: 0, rate: 0x10000)], "video of \(videoTicks)")
        #expect(track.sampleTable.timeToSample == [.init(count: 1, delta: expected)], "video of \(videoTicks)")
        #expect(track.header.duration == UInt64(expected) && track.mediaHeader.duration == UInt64(expected), "video of \(videoTicks)")
    }
}
