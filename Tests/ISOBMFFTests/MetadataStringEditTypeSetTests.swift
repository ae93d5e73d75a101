import Testing
import BinaryIO
@testable import ISOBMFF

/// Setting a text item keeps a `data` atom's 32-bit type field when its type (the low 24 bits)
/// is already UTF-8 (1), type-set byte included; any other type, the implicit type 0 among
/// them, becomes plain UTF-8 (type field 1).
@Suite("meta: a text edit keeps a UTF-8 data atom's type-set byte, makes other types UTF-8")
struct MetadataStringEditTypeSetTests {
    typealias T = MetadataStringEditTests

    /// `meta` holding only the identifier key, whose one item has `dataBox`.
    static func meta(_ dataBox: [UInt8]) -> [UInt8] {
        let keys = Support.box("keys", Support.u32(0) + Support.u32(1) + T.keyEntry("mdta", T.key))
        return Support.box("meta", Support.box("hdlr", Support.u32(0) + Support.u32(0) + FourCC("mdta").bytes + [UInt8](repeating: 0, count: 13))
            + keys + Support.box("ilst", Support.box(FourCC(1), dataBox)))
    }

    static func edited(_ dataBox: [UInt8]) throws -> [UInt8] {
        let meta = try Support.parseAtom(Self.meta(dataBox))
        try MetadataStringEdit.set(T.new, forKey: T.key, in: meta, path: "meta")
        return meta.serialized()
    }

    @Test("type set 1, type 1 (0x01000001): the type field stays, the value changes")
    func typeSetByteKept() throws {
        let after = try Self.edited(T.data(typeSet: 0x01, type: 1, locale: 0x1555_0000, Array(T.old.utf8)))
        #expect(after == Self.meta(T.data(typeSet: 0x01, type: 1, locale: 0x1555_0000, Array(T.new.utf8))))
    }

    @Test("type 0 (implicit): becomes type 1, keeping the locale")
    func implicitTypeBecomesUTF8() throws {
        let after = try Self.edited(T.data(type: 0, locale: 0x1555_0000, Array(T.old.utf8)))
        #expect(after == Self.meta(T.data(type: 1, locale: 0x1555_0000, Array(T.new.utf8))))
    }
}
