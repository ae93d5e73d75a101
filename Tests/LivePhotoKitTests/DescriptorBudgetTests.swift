import Testing
@testable import LivePhotoKit

/// The folder walk keeps at most `limit` folders open; the count is exact under concurrent use.
@Suite("DescriptorBudget: at most the limit held, each given back")
struct DescriptorBudgetTests {
    @Test("takes up to the limit, then none until one is given back", arguments: [1, 3, 64])
    func upToTheLimit(_ limit: Int) {
        let budget = DescriptorBudget(limit: limit)
        #expect((0..<limit).allSatisfy { _ in budget.take() } && budget.inUse == limit)
        #expect(!budget.take() && budget.inUse == limit, "one past the limit")
        budget.give()
        #expect(budget.inUse == limit - 1 && budget.take() && !budget.take())
    }

    @Test("takes and gives from many threads at once leave the count exact")
    func concurrent() async {
        let budget = DescriptorBudget(limit: 8)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { for _ in 0..<500 { if budget.take() { budget.give() } } }
            }
        }
        #expect(budget.inUse == 0)
        #expect(OpenFolder.budget.limit == 64)
    }
}
