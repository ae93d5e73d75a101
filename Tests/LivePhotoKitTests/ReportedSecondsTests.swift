import Foundation
import Testing
import ISOBMFF
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

    @Test("a frame's exact start encodes as its seconds", arguments: [(1001, 30000), (820, 600), (1, 3), (0, 1)])
    func exactStart(_ time: (Int, Int)) throws {
        let exact = FrameTiming.ExactTime(Int128(time.0), per: Int128(time.1))
        #expect(try JSONEncoder().encode([ReportedSeconds(exact)]) == JSONEncoder().encode([Double(time.0) / Double(time.1)]))
    }
}
