import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// The default still time is the frame shown at the middle of the presented frames. When the
/// middle falls where no frame is shown (an empty edit between two shown frames), there is no
/// middle frame: the still goes to the first frame, placed on its first tick.
@Suite("still time middle: a middle in a gap between frames takes frame 0")
struct StillTimeMiddleInAGapTests {
    /// Two 0.1 s frames (timescales 600) shown with 1 s of nothing between them: edits media 0
    /// for one frame, an empty edit of ten frames, media from frame 1 for one frame.
    static func track(edits: [EditList.Entry]) throws -> Track {
        var track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .h264, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                                  timescale: 600, samples: (0..<2).map { .init(bytes: [UInt8($0)], duration: 60, isSync: true) })
            .track(trackID: 1, movieTimescale: 600)
        track.edits = edits
        let bytes = track.atom().serialized()
        var reader = ByteReader(bytes)
        return try Track(try AtomParser.parseBox(&reader, limit: UInt64(bytes.count), parentPath: "moov", parentType: "moov", siblingIndex: nil, depth: 1),
                         index: 1, path: "moov/trak")
    }

    @Test("frames at 0 s and 1.1 s, middle 0.6 s: no middle frame, frame 0 at tick 0")
    func middleInAGap() throws {
        let track = try Self.track(edits: [.init(duration: 60, mediaTime: 0, rate: 0x10000), .init(duration: 600, mediaTime: -1, rate: 0x10000),
                                           .init(duration: 60, mediaTime: 60, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.frameCount == 2)
        #expect((0..<2).map { timing.startTick(ofFrame: $0) } == [0, 660] && timing.endTick == 720)
        #expect(timing.frame(containingMovieTick: 360) == nil, "nothing is shown at the middle")
        #expect(timing.middleFrame == nil)
        let resolved = try StillTimeResolver.resolve(.middle, timing: timing, movieTimescale: 600, path: "movie.mov")
        #expect(resolved == ResolvedStillTime(frame: 0, tick: 0, sampleDuration: 660))
    }

    /// The counterpart: without the gap the middle (0.1 s) is the start of frame 1, which shows it.
    @Test("the same frames back to back: the middle frame is 1")
    func middleOnAFrame() throws {
        let track = try Self.track(edits: [.init(duration: 120, mediaTime: 0, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.middleFrame == 1)
        let resolved = try StillTimeResolver.resolve(.middle, timing: timing, movieTimescale: 600, path: "movie.mov")
        #expect(resolved.frame == 1 && resolved.tick == 60)
    }
}
