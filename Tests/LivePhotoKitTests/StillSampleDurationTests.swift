import Foundation
import Testing
import TestSupport
import ISOBMFF
@testable import LivePhotoKit

/// The still-image-time sample placed on a frame lasts that frame: from its start to the next
/// frame's start, and the last frame to the end of the video (at least one tick).
@Suite("still time placed on a frame: the sample lasts one frame")
struct StillSampleDurationTests {
    @Test("every frame of the fixtures' videos: the next frame's start minus this one's; the last frame: the end",
          arguments: ["movie-moov-last.mov", "movie-audio.mov", "movie-mp4.mp4"])
    func oneFrameLong(_ name: String) throws {
        let movie = try MovieFile.open(path: Support.fixture(name)).movie
        let video = try #require(movie.mainVideoTrack)
        let timing = FrameTiming(track: video, movieTimescale: movie.header.timescale)
        try #require(timing.frameCount >= 3)
        let starts = (0..<timing.frameCount).map { timing.startTick(ofFrame: $0) }
        let ends = Array(starts.dropFirst()) + [timing.endTick]
        for frame in starts.indices {
            let placed = StillTimeResolver.resolved(frame: frame, timing: timing)
            #expect(placed.frame == frame && placed.tick == starts[frame])
            #expect(placed.sampleDuration == max(1, ends[frame] - starts[frame]), "\(name) frame \(frame) of \(starts.count)")
        }
    }
}
