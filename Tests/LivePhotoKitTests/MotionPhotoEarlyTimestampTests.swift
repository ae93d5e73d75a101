import Foundation
import Testing
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// A Motion Photo's presentation timestamp that comes before the video shows any frame (a
/// video delayed by a leading empty edit): no frame starts at or before it, so the still is
/// the first frame the video shows, never a later one.
@Suite("Motion Photo still time: a timestamp before the first frame takes the first frame")
struct MotionPhotoEarlyTimestampTests {
    @Test("movie-moov-last.mov delayed 1 s, timestamp 0.5 s: frame 0, placed at its start", arguments: [1, 500_000, 999_000] as [Int64])
    func timestampBeforeADelayedVideo(givenUs: Int64) throws {
        let mp4 = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let timescale = mp4.movie.header.timescale
        let trak = try #require(mp4.movie.moov.children("trak").first)
        let video = try #require(mp4.movie.tracks.first)
        #expect(video.isVideo)
        var entries = video.edits?.entries ?? []
        if entries.isEmpty { entries = [.init(duration: video.header.duration, mediaTime: 0, rate: 0x10000)] }
        entries.insert(.init(duration: UInt64(timescale), mediaTime: -1, rate: 0x10000), at: 0)
        trak.children?.removeAll { $0.type == "edts" }
        trak.children?.insert(Atom(type: "edts", children: [EditList(entries: entries).atom()]), at: 1)
        let movie = try Movie(moov: mp4.movie.moov)
        let tracks = try #require(MotionPhotoVideoTracks(movie))
        #expect(tracks.motion.trackID == video.trackID && tracks.stillFrameStart == nil, "the delayed track is the motion; no one-frame still track")
        let timing = FrameTiming(track: tracks.motion, movieTimescale: timescale)
        let first = timing.start(ofFrame: 0)
        #expect(timing.frameCount > 1 && first.seconds >= 1, "the delay puts every frame after \(givenUs) µs")

        var warnings: [String] = []
        let (placed, start) = try MotionPhotoStillTime.resolve(presentationTimestampUs: givenUs, movie: movie, tracks: tracks, warnings: &warnings)
        #expect(placed.frame == 0 && start == first, "frame \(placed.frame) at \(start.seconds) s")
        #expect(timing.frame(containingMovieTick: placed.tick) == 0 && placed.tick >= Int64(timescale))
        #expect(warnings.isEmpty, "\(warnings)")
    }
}
