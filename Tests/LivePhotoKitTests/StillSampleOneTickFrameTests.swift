import Foundation
import Testing
import TestSupport
import ISOBMFF
@testable import LivePhotoKit

/// A frame as short as one movie tick gives the still-image-time sample one tick: the sample
/// lasts exactly the frame (at least one tick is a floor for a frame of none, not a length).
@Suite("still time placed on a frame one tick long: the sample lasts one tick")
struct StillSampleOneTickFrameTests {
    @Test("the fixture's 15 fps video timed in a movie timescale of 15: every frame 1 tick, every sample 1 tick")
    func oneTickFrames() throws {
        let movie = try MovieFile.open(path: Support.fixture("movie-moov-last.mov")).movie
        let video = try #require(movie.mainVideoTrack)
        let timing = FrameTiming(track: video, movieTimescale: 15)
        try #require(timing.frameCount >= 3)
        let starts = (0..<timing.frameCount).map { timing.startTick(ofFrame: $0) }
        let oneTick = starts.indices.dropLast().filter { starts[$0 + 1] - starts[$0] == 1 }
        try #require(oneTick.count >= 2, "frames one tick long: \(starts)")
        for frame in oneTick {
            let placed = StillTimeResolver.resolved(frame: frame, timing: timing)
            #expect(placed.tick == starts[frame] && placed.sampleDuration == 1, "frame \(frame): \(placed.sampleDuration)")
        }
    }
}
