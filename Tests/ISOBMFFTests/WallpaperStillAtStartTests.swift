import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A wallpaper movie's still-image-time track shows its sample at the still's tick after an
/// empty edit of that many ticks. A still at the very start (tick 0, or a negative tick taken
/// as 0) needs no empty edit: the sample's own edit comes first and it is shown at 0.
@Suite("wallpaper movie: a still at tick 0 is shown from the start, with no empty edit")
struct WallpaperStillAtStartTests {
    static func stillTrack(stillTick: Int64) throws -> Track {
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let video = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600,
                                  samples: (0..<3).map { .init(bytes: [UInt8($0)], duration: 20, isSync: $0 == 0) })
        let image = try WallpaperMovie(video: video, audio: nil, stillTick: stillTick, metadata: []).image()
        let movie = try Movie(moov: try Support.parseAtom(image.moov.serialized()))
        return try #require(movie.stillImageTimeTracks.first)
    }

    @Test("tick 0 and negative ticks: one edit, the sample's, shown at 0", arguments: [Int64(0), -1, -600])
    func stillAtStart(_ tick: Int64) throws {
        let track = try Self.stillTrack(stillTick: tick)
        #expect(track.edits?.entries == [EditList.Entry(duration: 1, mediaTime: 0, rate: 0x10000)], "tick \(tick)")
        #expect(track.firstSamplePresentationTime(movieTimescale: 600) == 0)
        #expect(track.header.duration == 1)
    }

    @Test("tick 1: an empty edit of one tick, then the sample's")
    func stillOneTickIn() throws {
        let track = try Self.stillTrack(stillTick: 1)
        #expect(track.edits?.entries == [EditList.Entry(duration: 1, mediaTime: -1, rate: 0x10000), EditList.Entry(duration: 1, mediaTime: 0, rate: 0x10000)])
        #expect(track.firstSamplePresentationTime(movieTimescale: 600) == 1.0 / 600)
    }
}
