import Foundation
import Testing
@testable import BinaryIO

/// The test-only fault plan the kill tests set through the environment: which step, at which
/// reach, and what happens there. A wrong reading would make those tests stop elsewhere.
@Suite("fault injection: LIVEPHOTO_FAULT_AT and LIVEPHOTO_FAULT_SIGNAL")
struct FaultInjectionPlanTests {
    typealias Plan = FaultInjection.Plan

    @Test("a step alone is its first reach; @N its N-th; a count missing, junk or below 1 is the first")
    func counts() {
        #expect(FaultInjection.plan(at: "still-prepared", signal: nil) == Plan(step: .stillPrepared, count: 1, action: .raise(SIGKILL)))
        #expect(FaultInjection.plan(at: "movie-appending@3", signal: nil)?.count == 3)
        for spec in ["still-prepared@0", "still-prepared@-2", "still-prepared@x", "still-prepared@"] {
            #expect(FaultInjection.plan(at: spec, signal: nil)?.count == 1, "\(spec)")
        }
    }

    @Test("no variable, an empty one or an unknown step: no plan")
    func none() {
        #expect(FaultInjection.plan(at: nil, signal: "TERM") == nil)
        #expect(FaultInjection.plan(at: "", signal: nil) == nil)
        #expect(FaultInjection.plan(at: "nowhere@1", signal: nil) == nil)
    }

    @Test("the signal: KILL by default, TERM and INT in either spelling and case, EIO a failed write, CUT a cut file")
    func actions() {
        let cases: [(String?, FaultInjection.Action)] = [(nil, .raise(SIGKILL)), ("KILL", .raise(SIGKILL)), ("bogus", .raise(SIGKILL)),
                                                         ("term", .raise(SIGTERM)), ("SIGTERM", .raise(SIGTERM)), ("INT", .raise(SIGINT)),
                                                         ("sigint", .raise(SIGINT)), ("eio", .failWithEIO), ("CUT", .cutLastByte), ("cut", .cutLastByte)]
        for (signal, action) in cases {
            #expect(FaultInjection.plan(at: "movie-committed", signal: signal)?.action == action, "\(signal ?? "nil")")
        }
    }

    @Test("the read-back steps are steps a plan can name")
    func readBackSteps() {
        #expect(FaultInjection.plan(at: "still-written", signal: "CUT") == Plan(step: .stillWritten, count: 1, action: .cutLastByte))
        #expect(FaultInjection.plan(at: "motion-photo-written@2", signal: "CUT") == Plan(step: .motionPhotoWritten, count: 2, action: .cutLastByte))
    }
}
