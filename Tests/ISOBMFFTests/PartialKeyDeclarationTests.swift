import Testing
import BinaryIO
@testable import ISOBMFF

/// A `mebx` key declaration may lack a part: without `keyd` the key reads as namespace 0 and
/// an empty name; a `dtyp` in namespace 0 names a well-known type only with its 4-byte type
/// number (a shorter value is no type).
@Suite("mebx key declarations missing a part: no keyd, a dtyp too short for a type number")
struct PartialKeyDeclarationTests {
    typealias Declaration = MetadataSampleEntry.KeyDeclaration

    /// The sample entry's keys as a track reads them, from an `stsd` holding the entry.
    static func keys(_ declarations: [Declaration]) throws -> [SampleEntry.MetadataKeyDescription] {
        let entry = MetadataSampleEntry(declarations: declarations).atom().serialized()
        let stsd = try Support.parseAtom(Support.box("stsd", Support.u32(0) + Support.u32(1) + entry))
        return try SampleEntry(try #require(stsd.child("mebx")), handler: "meta", path: "stsd/mebx").metadataKeys
    }

    @Test("a declaration with only a dtyp: namespace 0, empty key, its well-known type")
    func withoutKeyDefinition() throws {
        var keyless = Declaration(localID: 1, key: .init(value: [0x6B]), dataType: .init(wellKnown: 65))
        keyless.boxes = [.dataType(.init(wellKnown: 65))]
        let keys = try Self.keys([keyless])
        #expect(keys.count == 1)
        #expect(keys.first?.localID == 1 && keys.first?.namespace == FourCC(0) && keys.first?.key == "" && keys.first?.dataType == 65)
    }

    @Test("a namespace-0 dtyp of 3 bytes has no well-known type; of 4 bytes it has")
    func shortDataType() throws {
        let short = Declaration(localID: 2, key: .init(value: Array("k2".utf8)), dataType: .init(namespace: 0, value: [0, 0, 65]))
        let whole = Declaration(localID: 3, key: .init(value: Array("k3".utf8)), dataType: .init(namespace: 0, value: [0, 0, 0, 65]))
        let keys = try Self.keys([short, whole])
        #expect(keys.map(\.key) == ["k2", "k3"] && keys.map(\.namespace) == ["mdta", "mdta"])
        #expect(keys.map(\.dataType) == [nil, 65])
        #expect(MetadataSampleEntry.DataType(namespace: 0, value: [0, 0, 65]).wellKnownType == nil)
    }
}
