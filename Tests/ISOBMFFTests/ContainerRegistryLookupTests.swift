import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// `ContainerRegistry.rule(for:parent:)` looks the table up through an index (a bit mask,
/// then bare type values): it must answer as a plain walk over the table does.
@Suite("ContainerRegistry lookup")
struct ContainerRegistryLookupTests {
    /// The table's own rule: the first rule naming the type whose parent matches, else the
    /// first rule for any type under that parent.
    static func reference(_ type: FourCC, _ parent: FourCC?) -> ContainerRegistry.Rule? {
        if let named = ContainerRegistry.rules.first(where: { $0.type == type && ($0.parent == nil || $0.parent == parent) }) { return named }
        guard let parent else { return nil }
        return ContainerRegistry.rules.first { $0.type == nil && $0.parent == parent }
    }

    static func same(_ a: ContainerRegistry.Rule?, _ b: ContainerRegistry.Rule?) -> Bool {
        a?.type == b?.type && a?.parent == b?.parent && a?.prefix == b?.prefix && a?.damage == b?.damage
    }

    @Test("every type and parent of the table, in every combination, gets the table's rule")
    func tableTypes() {
        let named = ContainerRegistry.rules.compactMap(\.type) + ContainerRegistry.rules.compactMap(\.parent)
        let parents: [FourCC?] = [nil] + named.map { Optional($0) } + ["free", FourCC(0)]
        for type in named + ["free", "mdat", "stts", FourCC(0), FourCC(1)] {
            for parent in parents {
                #expect(Self.same(ContainerRegistry.rule(for: type, parent: parent), Self.reference(type, parent)),
                        "\(type) under \(parent.map(\.description) ?? "nil")")
            }
        }
    }

    @Test("any four bytes under any parent of the table get the table's rule")
    func anyTypes() async {
        let parents: [FourCC?] = [nil] + ContainerRegistry.rules.compactMap(\.parent).map { Optional($0) }
        await propertyCheck(count: 500, input: Gen.nearEnds(in: 0...Int(UInt32.max)), Gen.nearEnds(in: 0...(parents.count - 1))) { raw, p in await Support.failingOnThrow {
            let type = FourCC(UInt32(raw))
            #expect(Self.same(ContainerRegistry.rule(for: type, parent: parents[p]), Self.reference(type, parents[p])))
        } }
    }
}
