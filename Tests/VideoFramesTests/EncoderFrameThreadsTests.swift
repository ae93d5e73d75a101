import PropertyBased
import TestSupport
import Testing
@testable import VideoFrames

/// How many frame threads libx265 is given: what the caller asked for, else two on a machine
/// where libx265 would run one (two or three cores), else libx265's own choice.
@Suite("Encoder frame threads")
struct EncoderFrameThreadsTests {
    @Test func anAskedCountIsKept() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 1...64), Gen.nearEnds(in: 1...256)) { threads, cores in
            #expect(FFmpegEncoder.Settings.frameThreads(threads: threads, cores: cores) == Int32(threads))
        }
    }

    /// The smallest counts asked, on the machines where "none asked" would differ from them.
    @Test func oneAndTwoAskedAreKept() {
        for threads in 1...2 {
            for cores in 1...16 { #expect(FFmpegEncoder.Settings.frameThreads(threads: threads, cores: cores) == Int32(threads), "\(threads) on \(cores) cores") }
        }
    }

    @Test func leftToUsTwoOnlyWhereLibx265WouldRunOne() async {
        // Every "none asked" value (0 and below) on every small machine: the two- and
        // three-core cases are too rare among random draws to be left to them.
        for threads in -4...0 {
            for cores in 0...16 {
                let chosen = FFmpegEncoder.Settings.frameThreads(threads: threads, cores: cores)
                // libx265 picks one frame thread below four cores and two or more from four.
                #expect(chosen == (cores == 2 || cores == 3 ? 2 : 0), "\(threads) threads asked, \(cores) cores")
            }
        }
        await propertyCheck(count: 200, input: Gen.nearEnds(in: -4...0), Gen.nearEnds(in: 17...256)) { threads, cores in
            #expect(FFmpegEncoder.Settings.frameThreads(threads: threads, cores: cores) == 0, "\(cores) cores")
        }
    }
}
