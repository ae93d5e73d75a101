import BinaryIO
@testable import StillImage
import Testing

/// The EXIF given to a JPEG that has none, byte for byte as TIFF 6.0 lays it out: a big-endian
/// header pointing at IFD0 right after it; IFD0 (entries sorted by tag, the Exif IFD pointer
/// last, next-IFD 0) followed by its out-of-line values; then the Exif IFD with values of up to
/// 4 bytes in their entries and the MakerNote after it, padded to an even length.
@Suite("minimal EXIF: the exact bytes of a new TIFF block")
struct MinimalExifLayoutBytesTests {
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
    static func entry(_ tag: Int, _ type: Int, _ count: Int, _ field: [UInt8]) -> [UInt8] { be16(tag) + be16(type) + be32(count) + field }

    @Test("64x48 YCbCr, no resolution, no ICC profile, a 5-byte MakerNote: 186 bytes of TIFF laid out by hand")
    func exactBytes() {
        let note: [UInt8] = [0x41, 0x42, 0x43, 0x44, 0x45]
        let facts = RequiredExifTags.ImageFacts(width: 64, height: 48, components: 3, resolution: nil, hasICCProfile: false)
        let payload = MinimalExif.payload(makerNote: note, facts: facts)
        #expect(Array(payload.prefix(6)) == Array("Exif".utf8) + [0, 0])

        // IFD0 at 8: 2 + 5 × 12 + 4 = 66 bytes, then XResolution's value at 74, YResolution's at 82.
        var tiff: [UInt8] = [0x4D, 0x4D] + Self.be16(42) + Self.be32(8)
        tiff += Self.be16(5)
        tiff += Self.entry(0x011A, 5, 1, Self.be32(74))
        tiff += Self.entry(0x011B, 5, 1, Self.be32(82))
        tiff += Self.entry(0x0128, 3, 1, Self.be16(2) + [0, 0])
        tiff += Self.entry(0x0213, 3, 1, Self.be16(1) + [0, 0])
        tiff += Self.entry(0x8769, 4, 1, Self.be32(90))                 // the Exif IFD right after IFD0's values
        tiff += Self.be32(0)
        tiff += Self.be32(72) + Self.be32(1) + Self.be32(72) + Self.be32(1)
        #expect(tiff.count == 90)

        // The Exif IFD at 90: 2 + 7 × 12 + 4 = 90 bytes, then the MakerNote at 180.
        tiff += Self.be16(7)
        tiff += Self.entry(0x9000, 7, 4, Array("0231".utf8))
        tiff += Self.entry(0x9101, 7, 4, [1, 2, 3, 0])
        tiff += Self.entry(0x927C, 7, 5, Self.be32(180))
        tiff += Self.entry(0xA000, 7, 4, Array("0100".utf8))
        tiff += Self.entry(0xA001, 3, 1, Self.be16(1) + [0, 0])
        tiff += Self.entry(0xA002, 4, 1, Self.be32(64))
        tiff += Self.entry(0xA003, 4, 1, Self.be32(48))
        tiff += Self.be32(0)
        #expect(tiff.count == 180)
        tiff += note + [0]

        #expect(Array(payload.dropFirst(6)) == tiff)
    }
}
