import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A still that is not a sync sample is decoded from the sync sample before it, each sample
/// after that sent once in decode order up to the frame's own: the frame comes out and the
/// extraction ends (each runs under the pipeline tests' 60 s watchdog, so a decode that keeps
/// sending the same sample fails instead of hanging the suite).
@Suite("StillFrameExtractor: frames after the sync sample")
struct StillFrameAfterSyncSampleTests {
    @Test("frames 2, 6 and 29 of the 15 fps H.264 fixture (B- and P-frames after the one I-frame): each comes out, the one shown at its time",
          arguments: [1, 5, 28])
    func frameAfterItsSyncSample(_ index: Int) throws {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let track = try #require(file.movie.mainVideoTrack)
        let timing = FrameTiming(track: track, movieTimescale: file.movie.header.timescale)
        let tick = timing.startTick(ofFrame: index)
        let target = try #require(timing.shownSample(atMovieTick: tick))
        let sync = try SyncSampleTable(track: track)
        try #require(sync.syncSample(atOrBefore: target.sampleIndex).map { $0 < target.sampleIndex } == true, "frame \(index + 1) is no sync sample")
        let outcome = TwoStagePipelineTests.finishes { () -> Result<RGBFrame, Error> in
            Result { try StillFrameExtractor.extract(from: file, track: track, movieTick: tick, threads: 1) }
        }
        let frame = try #require(try outcome?.get())
        #expect(frame.sampleIndex == target.sampleIndex && frame.compositionTime == target.compositionTime, "frame \(index + 1)")
        #expect(frame.width == 320 && frame.height == 240 && frame.pixels.count == 320 * 240 * 3)
    }
}
