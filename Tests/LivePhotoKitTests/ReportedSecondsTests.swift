import Foundation
import Testing
import ISOBMFF
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// A reported time is written as the very number of seconds the report always gave.
@Suite("ReportedSeconds: written as the same seconds")
struct ReportedSecondsTests {
    @Test("seconds a pair's report holds come back bit for bit, and encode as that number",
          arguments: [0, 0.5, 1, 820.0 / 600, 1001.0 / 30000, 2.0 / 3, 12345.678, 3e-9, 4_294_967_295.0 / 7])
    func exactly(_ seconds: Double) throws {
        let reported = ReportedSeconds(exactly: seconds)
        #expect(reported.seconds.bitPattern == seconds.bitPattern)
        #expect(try JSONEncoder().encode([reported]) == JSONEncoder().encode([seconds]))
    }

    /// A Double is its 53-bit significand over 2^shift: every shift from 0 (2^52 s and up to
    /// 2^53) to 119 (about 7e-21 s) is kept exactly, as that fraction; past it (or below
    /// 2^52's shift 0, a number of seconds no report holds) the time is 0.
    @Test("every significand over 2^0 to 2^119 is kept as that exact fraction; over 2^120 and more it is 0")
    func everyShift() async {
        await propertyCheck(count: 400, input: Gen.nearEnds(in: -4...130), Gen.nearEnds(in: 0...(1 << 52 - 1)), Gen.bool) { shift, fraction, negative in
            let whole = Int128(1 << 52 | fraction)
            let seconds = Double(sign: negative ? .minus : .plus, exponent: 52 - shift, significand: 1 + Double(fraction) / Double(1 << 52))
            let reported = ReportedSeconds(exactly: seconds)
            if (0..<120).contains(shift) {
                #expect(reported.time == FrameTiming.ExactTime(negative ? -whole : whole, per: Int128(1) << shift), "shift \(shift)")
                #expect(reported.seconds.bitPattern == seconds.bitPattern, "shift \(shift)")
            } else {
                #expect(reported.time == FrameTiming.ExactTime(0, per: 1), "shift \(shift)")
            }
        }
        for shift in [0, 119, 120] {
            let seconds = Double(sign: .plus, exponent: 52 - shift, significand: 1)
            #expect(ReportedSeconds(exactly: seconds).time == (shift < 120 ? FrameTiming.ExactTime(1 << 52, per: Int128(1) << shift) : FrameTiming.ExactTime(0, per: 1)))
        }
    }

    @Test("a frame's exact start encodes as its seconds", arguments: [(1001, 30000), (820, 600), (1, 3), (0, 1)])
    func exactStart(_ time: (Int, Int)) throws {
        let exact = FrameTiming.ExactTime(Int128(time.0), per: Int128(time.1))
        #expect(try JSONEncoder().encode([ReportedSeconds(exact)]) == JSONEncoder().encode([Double(time.0) / Double(time.1)]))
    }

    /// A script (or `batch`'s client) reads a report's seconds back: any time to the nanosecond
    /// comes back as that many nanoseconds; a number too large to be a time reads as 0.
    @Test("seconds read back from a report are the same nanoseconds; out of range is 0")
    func readBack() async throws {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: -1_000_000_000_000_000 ... 1_000_000_000_000_000)) { nanoseconds in await Support.failingOnThrow {
            let json = try JSONEncoder().encode([Double(nanoseconds) / 1e9])
            let read = try JSONDecoder().decode([ReportedSeconds].self, from: json)
            #expect(read == [ReportedSeconds(FrameTiming.ExactTime(Int128(nanoseconds), per: 1_000_000_000))], "\(nanoseconds) ns")
        } }
        for huge in [1e18, -2e18, 1e300] {
            let read = try JSONDecoder().decode([ReportedSeconds].self, from: JSONEncoder().encode([huge]))
            #expect(read.first?.time == FrameTiming.ExactTime(0, per: 1_000_000_000), "\(huge)")
        }
    }
}
