import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import VideoFrames

/// How many threads libavcodec is given: a count the caller asks for as it is; left to us (0 or
/// less), a still gets libavcodec's own choice and a run of frames one thread a core, at most
/// `frameRunThreadLimit` (each frame thread holds a frame in flight).
@Suite("decoder thread count: the caller's count, or ours")
struct DecoderThreadCountTests {
    @Test("a count the caller gives is used as it is, for either workload")
    func callersCount() async {
        await propertyCheck(count: 100, input: Gen.nearEnds(in: 1...512), Gen.bool) { threads, still in
            #expect(FFmpegDecoder.threadCount(threads, workload: still ? .singleFrame : .frameRun) == Int32(threads))
        }
    }

    /// The smallest counts asked, which random draws from 1...512 may miss.
    @Test("one and two threads asked are used as they are", arguments: [1, 2])
    func smallestCounts(threads: Int) {
        #expect(FFmpegDecoder.threadCount(threads, workload: .singleFrame) == Int32(threads))
        #expect(FFmpegDecoder.threadCount(threads, workload: .frameRun) == Int32(threads))
    }

    @Test("left to us: libavcodec's choice for a still, one a core up to the limit for a run", arguments: [0, -1, -8])
    func leftToUs(threads: Int) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(FFmpegDecoder.threadCount(threads, workload: .singleFrame) == 0)
        let run = FFmpegDecoder.threadCount(threads, workload: .frameRun)
        #expect(run == Int32(min(max(1, cores), FFmpegDecoder.frameRunThreadLimit)), "\(cores) cores")
        #expect(run >= 1 && run <= 4)
    }
}
