import Testing
@testable import StillImage

/// A value of up to four bytes is written inside its entry's 4-byte field, left-justified, and
/// the bytes it leaves free are zeros (TIFF 6.0, "Value Offset"): no stray byte follows a short
/// UNDEFINED value or the NUL of a short identifier.
@Suite("Apple MakerNote: a short inline value is padded with zeros")
struct AppleMakerNoteInlinePaddingTests {
    /// The 4-byte value field of the entry for `tag` in a serialized note (big- or little-endian).
    static func field(of tag: UInt16, in bytes: [UInt8], bigEndian: Bool) throws -> [UInt8] {
        func u16(_ at: Int) -> Int { bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at]) }
        let count = u16(14)
        let entry = try #require((0..<count).map { 16 + 12 * $0 }.first { u16($0) == Int(tag) }, "tag \(tag)")
        return Array(bytes[entry + 8 ..< entry + 12])
    }

    @Test("the sample's 3-byte UNDEFINED tag 0x03 holds its bytes then one zero", arguments: [true, false])
    func threeByteValue(bigEndian: Bool) throws {
        let bytes = MakerNoteSamples.sample(bigEndian: bigEndian).serialized()
        #expect(try Self.field(of: 0x03, in: bytes, bigEndian: bigEndian) == [9, 8, 7, 0])
    }

    /// Identifiers of 1 to 3 characters fit the field with their NUL; what is left is zeros.
    @Test("a minimal note's short identifier fills its field with the text, the NUL and zeros",
          arguments: [("A", [0x41, 0, 0, 0]), ("AB", [0x41, 0x42, 0, 0]), ("ABC", [0x41, 0x42, 0x43, 0])] as [(String, [UInt8])])
    func shortIdentifier(_ id: String, _ expected: [UInt8]) throws {
        let bytes = AppleMakerNote.minimal(contentIdentifier: id).serialized()
        // One entry: the directory is the header, the count, 12 bytes, the next-IFD field; no data area.
        #expect(bytes.count == 16 + 12 + 4)
        #expect(Array(bytes[24..<28]) == expected)
        #expect(try Self.field(of: 0x11, in: bytes, bigEndian: true) == expected)
    }
}
