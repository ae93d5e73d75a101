import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// The one exit-code rule for a run over several files: the most serious code any file gave,
/// whatever order the files finished in (jobs run in parallel), in the README's order.
@Suite("exit status of a run: the most serious code, in any order")
struct ExitStatusOrderTests {
    /// Least to most serious, as the README lists them.
    static let order: [LivePhotoKit.ExitStatus] = [.ok, .invalidPair, .refused, .unreadable, .usage, .interrupted, .terminated]

    @Test("for any codes in any order: the one latest in the order; an unreadable folder makes it at least unreadable")
    func mostSerious() async {
        await propertyCheck(count: 400, input: Gen.nearEnds(in: 0...6).array(of: 0...12), Gen.bool) { ranks, unreadableFolder in
            let statuses = ranks.map { Self.order[$0] }
            let unreadable = Self.order.firstIndex(of: .unreadable) ?? 0
            let expected = Self.order[max(ranks.max() ?? 0, unreadableFolder ? unreadable : 0)]
            #expect(LivePhotoKit.ExitStatus.combined(statuses, unreadableFolders: unreadableFolder) == expected, "\(statuses)")
            #expect(LivePhotoKit.ExitStatus.combined(statuses.reversed(), unreadableFolders: unreadableFolder) == expected, "\(statuses) reversed")
        }
    }

    @Test("every code has its own rank: of any two, the later one wins, in both orders")
    func everyPair() {
        for (i, a) in Self.order.enumerated() {
            for b in Self.order[(i + 1)...] {
                #expect(LivePhotoKit.ExitStatus.combined([a, b]) == b && LivePhotoKit.ExitStatus.combined([b, a]) == b, "\(a) then \(b)")
            }
        }
    }
}
