import Foundation
import Testing
@testable import LivePhotoKit

/// `StopRequest`: the first signal asked for, whether a caller requested it or the poll (the
/// command line's signal-handler flag) reports it; later ones do not replace it.
@Suite("StopRequest: the first signal wins, polled until one comes")
struct StopRequestTests {
    final class Flag: @unchecked Sendable { var value: Int32 = 0 }

    @Test("nothing until the poll reports a signal; then that signal, kept when the poll changes")
    func polledSignal() {
        let flag = Flag()
        let stop = StopRequest(poll: { flag.value })
        #expect(stop.signal == nil && !stop.isRequested)
        flag.value = SIGTERM
        #expect(stop.signal == SIGTERM && stop.isRequested)
        flag.value = SIGINT
        stop.request(SIGINT)
        #expect(stop.signal == SIGTERM, "the first signal stays")
    }

    @Test("a request before any poll wins over what the poll later reports")
    func requestedFirst() {
        let flag = Flag()
        let stop = StopRequest(poll: { flag.value })
        stop.request(SIGINT)
        flag.value = SIGTERM
        #expect(stop.signal == SIGINT)
        #expect(StopRequest().signal == nil, "the default poll reports nothing")
    }
}
