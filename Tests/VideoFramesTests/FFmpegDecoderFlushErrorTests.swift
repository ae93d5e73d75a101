import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// The end-of-input signal can itself report damage: with frame threads a sample's decode
/// result comes back a call or more after it was sent, so the last sample's error may only
/// come out of `avcodec_send_packet(NULL)`. `flush` throws it (libavcodec's own words) before
/// taking any frame, like an error from any other send.
@Suite("FFmpegDecoder.flush: damage reported by the end-of-input signal is thrown")
struct FFmpegDecoderFlushErrorTests {
    @Test("movie-moov-last.mov, 2 frame threads, last sample's bytes all 0xFF: every send succeeds, flush throws \"Invalid data\" and gives no frame")
    func lastSampleDamageThrownAtFlush() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let track = try EncodedStreams.videoTrack(file)
        let ranges = try track.sampleTable.sampleRanges(path: track.path)
        let times = track.sampleTable.compositionTimes()
        let sync = try SyncSampleTable(track: track)
        try #require(ranges.count > 2 && times.count == ranges.count)
        let decoder = try FFmpegDecoder(configuration: try track.videoCodecConfiguration(), threads: 2, workload: .frameRun)
        var sent = 0
        for index in ranges.indices {
            var bytes = try VideoSampleBytes.read(file, track: track, ranges: ranges, index: index, purpose: "the test")
            // A NAL length of 0xFFFFFFFF: libavcodec cannot split the sample into NAL units.
            if index == ranges.count - 1 { bytes = [UInt8](repeating: 0xFF, count: bytes.count) }
            _ = try decoder.send(bytes, pts: times[index], key: sync.syncSample(atOrBefore: index) == index) { _ in sent += 1; return false }
        }
        #expect(sent > 0)
        var flushed = 0
        let error = #expect(throws: FFmpegDecoder.DecodeFailure.self) {
            try decoder.flush { _ in flushed += 1; return false }
        }
        #expect(error?.message == "Invalid data found when processing input")
        #expect(flushed == 0, "\(flushed) frames taken before the error")
    }
}
