import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// `stts` allows samples of duration 0 (several starting at the same time). A run of them that
/// starts exactly where the span starts starts inside it: those samples are copied, not skipped
/// with the runs that end before the span.
@Suite("Copied audio: zero-duration samples at the span's start")
struct CopiedAudioZeroDurationTests {
    @Test("two zero-duration samples at the span's first tick are copied with the rest", .requires(.ffmpeg))
    func zeroDurationAtStart() throws {
        let dir = try TempDir()
        let file = try CopiedAudioDelayTests.delayedAudioMovie(in: dir)
        let delayed = try CopiedAudioDelayTests.audio(file)
        let count = delayed.sampleTable.sampleCount
        try #require(count > 12_002 && delayed.sampleTable.timeToSample == [.init(count: count, delta: 1)])
        // Samples 4000 and 4001 last 0 ticks: both start at media tick 4000, as does 4002.
        let runs: [SampleTable.TimeToSample] = [.init(count: 4000, delta: 1), .init(count: 2, delta: 0), .init(count: count - 4002, delta: 1)]
        let stbl = try #require(delayed.atom.find("mdia", "minf", "stbl"))
        let at = try #require(stbl.children?.firstIndex { $0.type == "stts" })
        stbl.children?[at] = TimeToSampleBox(entries: runs).atom()
        let track = try Track(delayed.atom, index: delayed.index, path: delayed.path)
        try #require(track.sampleTable.timeToSample == runs)
        // Movie time [1.0 s, 2.0 s) shows media ticks [4000, 12000): samples 4000..<12002.
        let copy = try #require(try CopiedAudioTrack(track, in: file, start: 1000, end: 2000, movieTimescale: 600))
        #expect(copy.track.sampleCount == 8002)
        #expect(copy.track.timeToSample == [.init(count: 2, delta: 0), .init(count: 8000, delta: 1)])
        #expect(copy.chunks == [try CopiedAudioDelayTests.bytes(track, 4000..<12_002, in: file)])
    }
}
