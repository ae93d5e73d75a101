import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// What the HEVC stream itself says about its timing: its VUI gives the frame rate encoded
/// (30 fps, not the 600-tick timescale the samples are timed in), and a keyframe interval of 1
/// makes every frame a sync sample (only 0 means one keyframe at the start).
@Suite("FFmpegEncoder: the stream's frame rate and a keyframe interval of 1")
struct FFmpegEncoderStreamSettingsTests {
    @Test("the encoded stream's VUI says 30 fps: ffprobe reads r_frame_rate 30/1", .requires(.ffprobe))
    func vuiFrameRate() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale) / 2), options: WallpaperVideoEncoderTests.fast)
        #expect(encoded.frameRate == 30 && encoded.timescale == 600)
        let dir = try TempDir()
        let json = try Support.ffprobeJSON(["-f", "hevc", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate"],
                                           file: try EncodedStreams.writeAnnexB(encoded, in: dir))
        let stream = try #require((json["streams"] as? [[String: Any]])?.first)
        #expect(stream["r_frame_rate"] as? String == "30/1", "\(stream)")
    }

    @Test("keyframe interval 1: every one of the 15 samples is a sync sample")
    func intervalOne() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        var options = WallpaperVideoEncoderTests.fast
        options.keyframeInterval = 1
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale) / 2), options: options)
        #expect(encoded.samples.count == 15)
        #expect(encoded.samples.allSatisfy { $0.isSync })
    }
}
