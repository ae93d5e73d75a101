import Testing
import BinaryIO
@testable import ISOBMFF

/// A header's optional parts cut short by their container say so in words: a 64-bit size with
/// 7 bytes left, a `uuid` extended type with 15, one byte short of whole. A box asked to end
/// before the reader's position has no bytes left at all (the public parse takes any limit).
@Suite("box headers cut one byte short, and a limit before the box: errors that say what is missing")
struct BoxHeaderCutFieldsTests {
    @Test("a 64-bit size with 7 of its 8 bytes inside moov: truncated, '64-bit size is cut off (7 bytes left)', at moov/free")
    func largeSizeOneByteShort() {
        let moov = Support.box("moov", Support.u32(1) + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0])
        let error = Support.expectParseError("cut largesize") { _ = try Support.parseAtom(moov) }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "box 'free' 64-bit size is cut off (7 bytes left)", "\(String(describing: error))")
        #expect(error?.path == "moov/free" && error?.offset == 8)
    }

    @Test("a uuid extended type with 15 of its 16 bytes inside moov: truncated, 'extended type is cut off (15 bytes left)'")
    func userTypeOneByteShort() {
        let moov = Support.box("moov", Support.u32(24) + Array("uuid".utf8) + [UInt8](repeating: 0xA5, count: 15))
        let error = Support.expectParseError("cut uuid") { _ = try Support.parseAtom(moov) }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "uuid box extended type is cut off (15 bytes left)", "\(String(describing: error))")
        #expect(error?.path == "moov/uuid" && error?.offset == 8)
    }

    /// Eight bytes skipped, then an 8-byte `free` header at offset 8, with a limit of 4: the
    /// box starts past its limit, so no byte of it is left.
    @Test("a limit before the box's start leaves 0 bytes: at the top level truncated, inside a container too large")
    func limitBeforeTheBox() throws {
        let bytes = [UInt8](repeating: 0, count: 8) + Support.u32(8) + Array("free".utf8)
        for (path, kind, message) in [("", ParseError.Kind.truncated, "truncated: box 'free' needs 8 bytes, the file ends 0 bytes after its start"),
                                      ("moov", .tooLarge, "box 'free' size 8 runs past its container (0 bytes left)")] {
            var reader = ByteReader(bytes)
            try reader.skip(8)
            let error = Support.expectParseError("limit 4, \(path)") { _ = try BoxHeader.parse(&reader, limit: 4, path: path) }
            #expect(error?.kind == kind && error?.message == message, "\(String(describing: error))")
            #expect(error?.offset == 8)
        }
    }

    /// The same box with a size of 0 ("to the end") and the limit before it: it runs to a
    /// length of 0, smaller than its header.
    @Test("size 0 with the limit before the box: size 0, smaller than its 8-byte header")
    func sizeZeroLimitBeforeTheBox() throws {
        var reader = ByteReader([UInt8](repeating: 0, count: 8) + Support.u32(0) + Array("free".utf8))
        try reader.skip(8)
        let error = Support.expectParseError("size 0, limit 4") { _ = try BoxHeader.parse(&reader, limit: 4, path: "moov") }
        #expect(error?.kind == .invalidValue && error?.message == "box 'free' size 0 is smaller than its header (8 bytes)", "\(String(describing: error))")
    }
}
