import Testing
import BinaryIO
@testable import ISOBMFF

/// Two header forms the tree parser must read exactly: a `uuid` box with a 64-bit size (size 1,
/// largesize, then the user type) is marked as using the large size and written back with the
/// same 32-byte header; a `meta` whose payload is too short to name an `hdlr` (3, 7 or 11
/// bytes, none a whole box) is told apart from what is there and kept as bytes, never read past.
@Suite("AtomParser: a 64-bit-size uuid box, meta payloads too short for hdlr")
struct AtomParserEdgeTests {
    static let userType: [UInt8] = Array(0x10...0x1F)

    /// A uuid box with a 64-bit size: size 1, "uuid", largesize, user type, payload.
    static func largeUUIDBox(_ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(1); w.fourCC("uuid"); w.u64(UInt64(32 + payload.count)); w.append(userType); w.append(payload)
        return w.bytes
    }

    @Test("a 64-bit-size uuid inside moov: usedLargeSize, its user type and payload, written back byte for byte")
    func largeSizeUUID() throws {
        let uuid = Self.largeUUIDBox([1, 2, 3])
        let bytes = Support.box("moov", Support.box("free", [9]) + uuid)
        let moov = try Support.parseAtom(bytes)
        let parsed = try #require(moov.children?.last)
        #expect(parsed.type == "uuid" && parsed.userType == Self.userType && parsed.payload == [1, 2, 3])
        #expect(parsed.usedLargeSize)
        #expect(parsed.serialized() == uuid)
        #expect(moov.serialized() == bytes)
    }

    @Test("meta payloads of 3, 7 and 11 bytes: kept as leaves holding those bytes, written back byte for byte", arguments: [3, 7, 11])
    func shortMetaPayload(_ count: Int) throws {
        let payload = (1...count).map { UInt8($0) }
        let bytes = Support.box("moov", Support.box("meta", payload))
        let moov = try Support.parseAtom(bytes)
        let meta = try #require(moov.child("meta"))
        #expect(!meta.isContainer && meta.payload == payload, "\(count) bytes")
        #expect(meta.unparsedReason != nil)
        #expect(moov.serialized() == bytes)
    }
}
