import Foundation
import Testing
@testable import VideoFrames

/// `TwoStagePipeline.run` returns, or throws, only once the producer's thread has ended: when
/// the consumer fails, the producer that is still at work after its `put` threw `Stopped` has
/// finished that work before `run` throws (nothing it holds outlives the call).
@Suite("TwoStagePipeline: a consumer's error comes out only after the producer has ended")
struct TwoStagePipelineProducerEndTests {
    @Test("the producer takes 0.3 s to wind down after Stopped: run throws after it has")
    func consumerErrorWaitsForTheProducer() {
        let ended = TwoStagePipelineTests.Counter()
        let outcome = TwoStagePipelineTests.finishes { () -> (error: Error?, endedWhenThrown: Int) in
            do {
                _ = try TwoStagePipeline.run(depth: 1, produce: { put in
                    defer { usleep(300_000); ended.add() }
                    var i = 0
                    while true { try put(i); i += 1 }
                }, consume: { (element: Int) in
                    if element == 2 { throw TwoStagePipelineTests.Failure(at: 2) }
                })
                return (nil, ended.current)
            } catch {
                return (error, ended.current)
            }
        }
        #expect(outcome?.error as? TwoStagePipelineTests.Failure == TwoStagePipelineTests.Failure(at: 2))
        #expect(outcome?.endedWhenThrown == 1, "the producer had not ended when run threw")
    }
}
