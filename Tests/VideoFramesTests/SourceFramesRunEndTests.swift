import BinaryIO
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A run ends where the next slot shows an earlier frame than the one before it: the run
/// before is decoded and delivered on its own, and a damaged slot after the turn is refused
/// in its own run, named by its own sample, after the frames before it were delivered.
@Suite("SourceFrames: a run ends at a slot that goes back in time")
struct SourceFramesRunEndTests {
    @Test("frame 0's slot, then an earlier slot whose sample is past the table: frame 0 delivered, then \"sample 10001 has no sync sample\"")
    func damagedSlotAfterTheTurn() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let source = try SourceFrames(file: file, track: track, configuration: try track.videoCodecConfiguration(), threads: 1)
        let first = FrameTiming(track: track, movieTimescale: file.movie.header.timescale).shownSample(ofFrame: 0)
        var damaged = first
        damaged.sampleIndex = 10_000
        damaged.compositionTime = first.compositionTime - 1
        try #require(track.sampleTable.sampleCount < 10_000)
        var delivered: [(pts: Int64, repeats: Int)] = []
        let error = #expect(throws: ParseError.self) {
            try source.decode(slots: [first, damaged], observe: { _, _ in },
                              deliver: { frame, repeats in delivered.append((FFmpegDecoder.compositionTime(of: frame), repeats)) })
        }
        #expect(error?.message == "sample 10001 has no sync sample before it", "\(String(describing: error))")
        #expect(delivered.map(\.pts) == [first.compositionTime] && delivered.map(\.repeats) == [1])
    }
}
