// The shortest EXIF our reader accepts is "Exif\0\0" and a bare 8-byte TIFF header whose IFD0
// offset points back into the header at two zero bytes (an IFD0 with no entries): a 14-byte
// APP1 payload. Pairing gives it an Exif IFD and an Apple MakerNote like any other EXIF; the
// libexif cross-check loads the old 14-byte block like any other (checked with the built
// binary: `pair` exits 0 and `verify` passes for both byte orders): the smallest
// block is no reason to refuse the still.
import Foundation
import Testing
import BinaryIO
@testable import StillImage

@Suite("pairing a still whose EXIF is a bare TIFF header (14 bytes)")
struct BareTIFFHeaderExifTests {
    static let id = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"

    @Test("a 14-byte EXIF pairs, big- and little-endian: the identifier reads back, the byte order is kept", arguments: [
        [0x4D, 0x4D, 0, 42, 0, 0, 0, 4] as [UInt8],   // MM, IFD0 at 4: its entry count is bytes 4-5 (0 0)
        [0x49, 0x49, 42, 0, 6, 0, 0, 0] as [UInt8],   // II, IFD0 at 6: its entry count is bytes 6-7 (0 0)
    ])
    func bareHeaderPairs(_ tiff: [UInt8]) throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.exif(JPEGSegment.exifHeader + tiff)]
        let source = try dir.write("bare.jpg", jpeg.bytes)
        let before = try SyntheticExifWriterTests.tiff(source)
        #expect(before.tiff.count == 8 && before.directories[.ifd0]?.isEmpty == true, "the reader takes it: an empty IFD0")

        // Checks the scan, every other segment, tag 17 and an Apple MakerNote.
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let after = try SyntheticExifWriterTests.tiff(r.output)
        #expect(after.littleEndian == (tiff[0] == 0x49), "the byte order is kept")
        #expect(after.directories[.exif]?.contains { $0.tag == 0x927C } == true)
        if let exiftool = Support.reader("exiftool") {
            let read = try Support.run(exiftool, ["-s3", "-MediaGroupUUID", r.output])
            #expect(read.out.trimmingCharacters(in: .whitespacesAndNewlines) == Self.id, "exiftool reads the identifier")
        }
    }
}
