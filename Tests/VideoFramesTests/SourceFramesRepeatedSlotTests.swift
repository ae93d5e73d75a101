import Foundation
import Testing
import ISOBMFF
import TestSupport
@testable import VideoFrames

/// Output slots that show one source frame several times in a row (a 15 fps source at 30
/// fps) belong to one run: each source frame is decoded once and handed to the encoder once,
/// with the number of slots that show it, not decoded again for each slot.
@Suite("SourceFrames: a frame shown in several slots is decoded and delivered once")
struct SourceFramesRepeatedSlotTests {
    @Test("the 15 fps fixture at 30 fps: 30 deliveries of 2 slots each, no frame decoded twice")
    func everyFrameOnceWithItsSlots() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let source = try SourceFrames(file: file, track: track, configuration: try track.videoCodecConfiguration(), threads: 1)
        let timing = FrameTiming(track: track, movieTimescale: file.movie.header.timescale)
        let slots = try FrameSlots.plan(timing: timing, span: .init(start: 0, end: timing.endTick), movieTimescale: file.movie.header.timescale, frameRate: 30)
        try #require(slots.count == 60)
        var shown: [Int64] = []
        for slot in slots where shown.last != slot.compositionTime { shown.append(slot.compositionTime) }
        try #require(shown.count == 30, "each source frame in two slots")

        var delivered: [(pts: Int64, repeats: Int)] = [], observed: [Int64] = []
        try source.decode(slots: slots, observe: { _, pts in observed.append(pts) },
                          deliver: { frame, repeats in delivered.append((FFmpegDecoder.compositionTime(of: frame), repeats)) })
        #expect(delivered.map(\.pts) == shown)
        #expect(delivered.map(\.repeats) == [Int](repeating: 2, count: 30))
        #expect(Set(observed).count == observed.count, "a frame decoded twice: \(observed)")
    }
}
