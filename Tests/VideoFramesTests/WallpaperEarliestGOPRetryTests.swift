import Foundation
import ISOBMFF
import Testing
import TestSupport
@testable import VideoFrames

/// A span that starts on an open-GOP leading picture is decoded again from the sync sample
/// before the CRA, even when that is the very first sample and the CRA the second (a key frame
/// every 2 frames): the GOP before is then a single picture, the IDR.
@Suite("wallpaper encode: a leading picture of the second sample's CRA, decoded from the first")
struct WallpaperEarliestGOPRetryTests {
    @Test("span from frame 1 (the RASL picture of the CRA at sample 2): every frame comes out, the right one", .requires(.ffmpeg))
    func leadingPictureOfTheSecondSample() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("cra-second.mp4", in: dir, source: "nullsrc=s=64x48:r=30:d=1,geq=lum='16+6*N':cb=128:cr=128",
                                           codec: ["-pix_fmt", "yuv420p", "-c:v", "libx265", "-preset", "veryfast", "-tag:v", "hvc1", "-x265-params",
                                                   "open-gop=1:keyint=2:min-keyint=2:bframes=1:scenecut=0:lossless=1:log-level=error"])
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let sync = try SyncSampleTable(track: track)
        try #require(sync.syncSample(atOrBefore: 0) == 0 && sync.syncSample(atOrBefore: 1) == 1, "sync samples 1 and 2")
        let times = track.sampleTable.compositionTimes()
        try #require(times.count > 2 && times[2] < times[1] && sync.syncSample(atOrBefore: 2) == 1, "sample 3 is shown before the CRA it follows")
        let at = { (frame: Int64) in (Int64(file.movie.header.timescale) * frame + 29) / 30 }
        // Decoded from the CRA alone, the span's first frame does not come out: the retry is needed.
        let source = try SourceFrames(file: file, track: track, configuration: try track.videoCodecConfiguration(), threads: 1)
        let slots = try FrameSlots.plan(timing: FrameTiming(track: track, movieTimescale: file.movie.header.timescale), span: .init(start: at(1), end: at(8)),
                                        movieTimescale: file.movie.header.timescale, frameRate: 30)
        try #require(try source.decodeRun(slots: slots, from: 0, earlierGOP: false, observe: { _, _ in }, deliver: { _, _ in }) == 0)
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: track, span: .init(start: at(1), end: at(8)), options: WallpaperVideoEncoderTests.fast)
        #expect(encoded.samples.count == 7)
        let means = try WallpaperVideoEncoderTests.lumaMeans(encoded, in: dir, width: 64, height: 48)
        #expect(means.count == 7)
        for (k, mean) in means.enumerated() {
            let expected = Double(16 + 6 * (1 + k))
            #expect(abs(mean - expected) < 2, "frame \(k): luma \(mean), expected \(expected) (source frame \(1 + k))")
        }
    }
}
