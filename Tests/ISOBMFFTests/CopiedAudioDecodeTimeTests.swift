import Foundation
import PropertyBased
import Testing
import TestSupport
@testable import ISOBMFF

/// Where a copied audio span starts in its own media: a sample's decode time is the sum of the
/// durations of the samples before it, across every `stts` run (AAC ends on a shorter one; a
/// variable-rate track has many).
@Suite("Copied audio: decode time of a sample")
struct CopiedAudioDecodeTimeTests {
    @Test func sumOfTheDurationsBefore() async throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let source = try #require(file.movie.tracks.first { $0.isAudio }).sampleTable
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 1...6), Gen.int(in: 0...Int.max)) { runCount, seed in
            var random = SplitMix64(seed: UInt64(seed))
            var table = source
            table.timeToSample = (0..<runCount).map { _ in
                .init(count: UInt32(random.next() % 5 + 1), delta: UInt32(random.next() % 2000 + 1))
            }
            let durations = table.timeToSample.flatMap { Array(repeating: Int128($0.delta), count: Int($0.count)) }
            for sample in 0...durations.count {
                #expect(CopiedAudioTrack.decodeTime(of: sample, table) == durations.prefix(sample).reduce(0, +),
                        "sample \(sample) of runs \(table.timeToSample)")
            }
        }
    }
}
