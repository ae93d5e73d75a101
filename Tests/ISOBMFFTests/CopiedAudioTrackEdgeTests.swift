import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Copying a span of audio: the source movie's own timescale counts the span, even when it is
/// 1 (whole seconds); a span that starts even one tick of the new movie before the audio keeps
/// that tick as an empty edit; and a track of variable-size samples (AAC) keeps each copied
/// sample's size.
@Suite("Copied audio: a movie timescale of 1, a one-tick delay, variable sample sizes")
struct CopiedAudioTrackEdgeTests {
    @Test("movie timescale 1: the 1 s span after the 500 s delay copies 8000 samples of 8 kHz", .requires(.ffmpeg))
    func wholeSecondMovieTimescale() throws {
        let dir = try TempDir()
        let source = try CopiedAudioDelayTests.delayedAudioMovie(in: dir)
        let mvhd = try #require(source.movie.moov.child("mvhd"))
        let at = Int(try #require(mvhd.originalOffset)) + 8
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("delayed.mov"))))
        try #require(bytes[at] == 0, "mvhd version 0: timescale at +12")
        bytes.replaceSubrange((at + 12)..<(at + 16), with: [0, 0, 0, 1])
        let file = try MovieFile.open(path: try dir.write("whole-seconds.mov", bytes))
        try #require(file.movie.header.timescale == 1)
        let track = try #require(file.movie.tracks.first { $0.isAudio })
        // The empty edit of 500 ticks is now 500 s: movie time [500 s, 501 s) is media time [0, 1 s).
        let copy = try #require(try CopiedAudioTrack(track, in: file, start: 500, end: 501, movieTimescale: 600))
        #expect(copy.track.sampleCount == 8000)
        #expect(copy.chunks == [try CopiedAudioDelayTests.bytes(track, 0..<8000, in: file)])
        #expect(copy.track.edits == [.init(duration: 600, mediaTime: 0, rate: 0x10000)])
    }

    @Test("a span from 2 ms before the audio: an empty edit of one tick (of 600), then the samples", .requires(.ffmpeg))
    func oneTickDelay() throws {
        let dir = try TempDir()
        let file = try CopiedAudioDelayTests.delayedAudioMovie(in: dir)
        let track = try CopiedAudioDelayTests.audio(file)
        // Movie time [0.498 s, 1.498 s): the audio starts 2 ms in (1.2 ticks of 600, 1 whole), samples 0..<7984.
        let copy = try #require(try CopiedAudioTrack(track, in: file, start: 498, end: 1498, movieTimescale: 600))
        #expect(copy.track.sampleCount == 7984)
        #expect(copy.track.edits == [.init(duration: 1, mediaTime: -1, rate: 0x10000), .init(duration: 598, mediaTime: 0, rate: 0x10000)])
    }

    @Test("AAC (a size per sample): the copy lists the size of every sample it holds", .requires(.ffmpeg))
    func variableSampleSizes() throws {
        let dir = try TempDir()
        let ffmpeg = try #require(Support.tool("ffmpeg"))
        let path = dir.path("aac.mov")
        let r = try Support.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "aevalsrc=sin(200*t*t):s=44100:d=2", "-c:a", "aac", "-f", "mov", path])
        try #require(r.status == 0, "ffmpeg failed: \(String(decoding: r.errData, as: UTF8.self))")
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.tracks.first { $0.isAudio })
        let sizes = track.sampleTable.sampleSizes
        try #require(track.sampleTable.constantSampleSize == 0 && Set(sizes).count > 1, "AAC frames of several sizes")
        let copy = try #require(try CopiedAudioTrack(track, in: file, start: 0, end: Int64(file.movie.header.duration), movieTimescale: 600))
        let count = Int(copy.track.sampleCount)
        try #require(count > 10)
        #expect(copy.track.constantSampleSize == 0)
        #expect(copy.track.sampleSizes.count == count)
        #expect(copy.track.sampleSizes.reduce(0) { $0 + Int($1) } == copy.chunks.first?.count)
        #expect((0...(sizes.count - count)).contains { Array(sizes[$0..<($0 + count)]) == copy.track.sampleSizes }, "a run of the source's sizes")
    }
}
