import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The video span the wallpaper rules judge (1 to 5 s, about 30 fps) runs from the start of the
/// first frame shown to the end of the last: every frame counts, one frame included.
@Suite("wallpaper structure: the video spans its first frame's start to its last frame's end")
struct WallpaperVideoSpanTests {
    /// A video track of `frames` frames of 20 ticks at 600 (30 fps), as a reader parses it.
    static func video(frames: Int) throws -> Track {
        let config = VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1])
        let samples = (0..<frames).map { NewVideoTrack.Sample(bytes: [UInt8($0)], duration: 20, isSync: $0 == 0) }
        let built = NewVideoTrack(configuration: config, rotationDegrees: 0, timescale: 600, samples: samples)
        return try Track(try Support.parseAtom(built.track(trackID: 1, movieTimescale: 600).atom().serialized()), index: 1, path: "trak")
    }

    @Test("n frames of 20 ticks span 20 × n ticks, from one frame to a camera's 42", arguments: [1, 2, 3, 30, 42])
    func spanOfEveryFrame(_ frames: Int) throws {
        let facts = WallpaperStructure.videoFacts(try Self.video(frames: frames), movieTimescale: 600)
        #expect(facts.frameCount == frames)
        #expect(facts.spanTicks == Int64(20 * frames), "\(frames) frames")
    }
}
