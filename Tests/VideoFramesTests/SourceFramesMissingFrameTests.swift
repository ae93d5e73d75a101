import BinaryIO
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A slot whose frame never comes out of the decoder is decoded once more from the sync sample
/// before (an open-GOP leading picture needs that), then refused, naming its sample: never
/// decoded again and again.
@Suite("SourceFrames: a frame that does not come out is retried once, then refused")
struct SourceFramesMissingFrameTests {
    struct Runaway: Error {}

    @Test("a slot at a time no frame has (a tick after frame 3's): two decodes, then \"did not come out of the decoder\"")
    func retriedOnceThenRefused() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let times = track.sampleTable.compositionTimes()
        let source = try SourceFrames(file: file, track: track, configuration: try track.videoCodecConfiguration(), threads: 1)
        var slot = FrameTiming(track: track, movieTimescale: file.movie.header.timescale).shownSample(ofFrame: 2)
        slot.compositionTime += 1
        try #require(!times.contains(slot.compositionTime), "no frame is shown at \(slot.compositionTime)")
        var observed = 0, delivered = 0
        // Each attempt sees at most the frames of the samples up to the slot's; a decode repeated
        // without end is stopped here, as an error of its own.
        let error = #expect(throws: (any Error).self) {
            try source.decode(slots: [slot], observe: { _, _ in
                observed += 1
                if observed > 100 { throw Runaway() }
            }, deliver: { _, _ in delivered += 1 })
        }
        let parse = try #require(error as? ParseError, "got \(String(describing: error)) after \(observed) frames")
        #expect(parse.message == "the frame of sample \(slot.sampleIndex + 1) did not come out of the decoder", "\(parse)")
        #expect(delivered == 0 && observed > 0 && observed <= 2 * (slot.sampleIndex + 1), "\(observed) frames seen")
    }
}
