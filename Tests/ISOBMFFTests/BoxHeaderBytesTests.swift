import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import ISOBMFF

/// A header we write takes the 32-bit size while the whole box fits it (up to 2^32 - 1 bytes)
/// and the 64-bit largesize only past that, so it reads back as the same box either way.
@Suite("BoxHeader.bytes: 8 bytes up to a 2^32 - 1 byte box, 16 past it")
struct BoxHeaderBytesTests {
    @Test("payload sizes around the 32-bit limit, and any size: the header reads back as the box")
    func headerForm() async throws {
        let limit = UInt64(UInt32.max)
        let compact = BoxHeader.bytes(type: "mdat", payloadSize: limit - 8)
        #expect(compact == [0xFF, 0xFF, 0xFF, 0xFF] + Array("mdat".utf8))
        let large = BoxHeader.bytes(type: "mdat", payloadSize: limit - 7)
        #expect(large == [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 1, 0, 0, 0, 8])   // 2^32 - 8 + 16
        await propertyCheck(input: Gen.nearEnds(in: 0...Int(limit * 2))) { n in
            let payload = UInt64(n)
            let bytes = BoxHeader.bytes(type: "free", payloadSize: payload)
            #expect(bytes.count == (payload + 8 <= limit ? 8 : 16))
            var r = ByteReader(bytes)
            let size32 = UInt64((try? r.readUInt32()) ?? 0)
            _ = try? r.readFourCC()
            let size = size32 == 1 ? ((try? r.readUInt64()) ?? 0) : size32
            #expect(size == payload + UInt64(bytes.count), "payload \(payload)")
        }
    }
}
