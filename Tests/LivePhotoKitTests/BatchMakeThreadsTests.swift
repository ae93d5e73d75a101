import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `make DIR`'s decoder threads: one each when several workers make several movies side by
/// side, otherwise the count asked for (0: libavcodec's choice). The count also reaches a
/// wallpaper's encoder, whose output depends on its thread count, so it must change only then.
@Suite("make DIR: one decoder thread a movie only when several workers share the cores")
struct BatchMakeThreadsTests {
    @Test("every jobs × movies × asked combination")
    func threadsRule() async {
        await propertyCheck(input: Gen.nearEnds(in: 0...8), Gen.nearEnds(in: 0...8), Gen.nearEnds(in: 0...16)) { jobs, movies, asked in
            var options = MakeOptions()
            options.decoderThreads = asked
            options.stillTime = .frame(3)
            let each = BatchOperations.makeOptions(for: movies, jobs: jobs, from: options)
            #expect(each.decoderThreads == (jobs > 1 && movies > 1 ? 1 : asked), "jobs \(jobs), movies \(movies), asked \(asked)")
            #expect(each.stillTime == .frame(3), "the other options are the caller's")
        }
        // The edges, whatever the generator draws.
        for (jobs, movies, expected) in [(2, 1, 0), (1, 2, 0), (2, 2, 1)] {
            #expect(BatchOperations.makeOptions(for: movies, jobs: jobs, from: MakeOptions()).decoderThreads == expected)
        }
    }
}
