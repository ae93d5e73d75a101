import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// The retry from the sync sample before holds for the first CRA too: with a keyframe every
/// 4 frames the CRA is sample 2, right after the IDR, and its leading pictures (shown before
/// it, decoded after it) come out when decoded again from sample 1, the same pixels as ffmpeg's.
@Suite("StillFrameExtractor: the leading pictures of a CRA right after the IDR")
struct StillFrameFirstCRARetryTests {
    @Test("keyint 4, three B-frames, open GOP: each leading picture of the CRA at sample 2 comes out, as ffmpeg decodes it")
    func leadingPicturesOfTheSecondSample() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("first-cra.mp4", in: dir, source: "testsrc2=size=128x96:rate=30:duration=1",
                                           codec: ["-pix_fmt", "yuv420p", "-c:v", "libx265", "-preset", "veryfast", "-tag:v", "hvc1", "-x265-params",
                                                   "open-gop=1:keyint=4:min-keyint=4:bframes=3:scenecut=0:log-level=error"])
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let sync = try SyncSampleTable(track: track)
        let leading = try EncodedStreams.leadingPictures(track).filter { sync.syncSample(atOrBefore: $0) == 1 }
        try #require(!leading.isEmpty, "sample 2 is a CRA with leading pictures")
        let times = track.sampleTable.compositionTimes()
        let timing = FrameTiming(track: track, movieTimescale: file.movie.header.timescale)
        let shownOrder = times.indices.sorted { times[$0] < times[$1] }
        let configuration = try track.videoCodecConfiguration()
        let ranges = try track.sampleTable.sampleRanges(path: track.path)
        for sample in leading {
            let n = try #require(shownOrder.firstIndex(of: sample))
            // From the CRA alone the leading picture never comes out: the retry is what brings it.
            let shown = try #require(timing.shownSample(atMovieTick: timing.startTick(ofFrame: n)))
            let fromCRA = try StillFrameExtractor.decode(file: file, track: track, configuration: configuration, ranges: ranges, times: times, sync: sync,
                                                         from: 1, target: shown, threads: 1, size: nil, frameName: "frame \(n)")
            #expect(fromCRA == nil, "frame \(n) decoded from the CRA alone")
            let ours = try StillFrameExtractor.extract(from: file, track: track, movieTick: timing.startTick(ofFrame: n), threads: 1)
            #expect(ours.sampleIndex == sample && ours.compositionTime == times[sample], "frame \(n)")
            let theirs = try StillFramePixelsTests.ffmpegFrame(path, frame: n, matrix: "bt601", range: "tv", width: ours.width, height: ours.height)
            #expect(zip(ours.pixels, theirs).filter { $0 != $1 }.isEmpty && ours.pixels.count == theirs.count, "frame \(n) (sample \(sample + 1))")
        }
    }
}
