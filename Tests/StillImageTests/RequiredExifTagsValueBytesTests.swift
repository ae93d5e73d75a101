import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// The values pairing writes into an IFD it creates: a JFIF density of 1 is a density (only 0
/// means none), and SHORT and LONG values are written whole in either byte order (ColorSpace
/// 0xFFFF, pixel dimensions past 16 and 24 bits, as a HEIF item can have).
@Suite("EXIF required tags: JFIF density 1, and value bytes in both byte orders")
struct RequiredExifTagsValueBytesTests {
    @Test("JFIF units 1 with a density of 1 on either axis is read", arguments: [(1, 1), (1, 300), (300, 1)])
    func densityOfOne(x: Int, y: Int) throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
        jpeg.leadingSegments = [(0xE0, Array("JFIF\0".utf8) + [1, 1, 1] + be(x) + be(y) + [0, 0])]
        let source = try dir.write("jfif-\(x)-\(y).jpg", jpeg.bytes)
        let facts = try RequiredExifTags.facts(FileSource(path: source), try JPEGStructure.read(FileSource(path: source)))
        #expect(facts.resolution?.x == UInt32(x) && facts.resolution?.y == UInt32(y) && facts.resolution?.unit == 2)
    }

    @Test("ColorSpace 0xFFFF and 32-bit dimensions, little- and big-endian")
    func valueBytes() throws {
        let facts = RequiredExifTags.ImageFacts(width: 0x0102_0304, height: 0x0A0B_0C0D, components: 3, resolution: nil, hasICCProfile: true)
        for bigEndian in [false, true] {
            let fields = RequiredExifTags.exifIFD(facts, bigEndian: bigEndian)
            func value(_ tag: UInt16) -> [UInt8]? { fields.first { $0.tag == tag }?.value }
            let width: [UInt8] = [1, 2, 3, 4], height: [UInt8] = [0x0A, 0x0B, 0x0C, 0x0D]
            #expect(value(RequiredExifTags.colorSpace) == [0xFF, 0xFF], "bigEndian \(bigEndian)")
            #expect(value(RequiredExifTags.pixelXDimension) == (bigEndian ? width : width.reversed()), "bigEndian \(bigEndian)")
            #expect(value(RequiredExifTags.pixelYDimension) == (bigEndian ? height : height.reversed()), "bigEndian \(bigEndian)")
        }
    }
}
