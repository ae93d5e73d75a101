import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// The EXIF written into a JPEG must fit one APP1 segment: a payload of up to 65533 bytes
/// (the length field's 65535, less its own 2). One of exactly 65533 bytes fits and is written.
@Suite("EXIF rewrite: a new APP1 payload of exactly 65533 bytes is written")
struct ExifAPP1ExactFitTests {
    /// An Apple EXIF whose MakerNote has no identifier yet, padded by an unknown tag of `padding` bytes.
    static func exif(padding: Int) -> SyntheticEXIF {
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        e.exif = [e.undefined(0x927C, MakerNoteSamples.sample(identifier: nil).serialized()), e.undefined(0xEA1C, [UInt8](repeating: 0, count: padding))]
        return e
    }

    /// The APP1 payload the identifier write makes of a JPEG with `exif`.
    static func rewritten(_ exif: SyntheticEXIF, in dir: TempDir, name: String) throws -> [UInt8] {
        let source = try SyntheticExifWriterTests.jpeg(exif: exif, in: dir, name: name + ".jpg")
        let writer = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: dir.path(name + "-out.jpg"), identifier: SyntheticExifWriterTests.id,
                                                       replaceForeignMakerNote: false)
        defer { writer.discard() }
        return try SyntheticExifWriterTests.exifPayload(writer.temporaryPath)
    }

    @Test("padded so the rewritten payload is 65533 bytes: written, at that size, with the identifier")
    func exactlyTheLimitIsWritten() throws {
        let dir = try TempDir()
        let limit = ExifIdentifierRewrite.maxAPP1Payload
        let small = Self.exif(padding: 1000)
        let growth = try Self.rewritten(small, in: dir, name: "small").count - small.payload.count
        try #require(growth > 0, "the identifier makes the EXIF grow")
        let padded = Self.exif(padding: 1000 + limit - (small.payload.count + growth))
        try #require(padded.payload.count + growth == limit)
        let payload = try Self.rewritten(padded, in: dir, name: "padded")
        #expect(payload.count == limit)
        let tiff = try ExifTIFF(payload: payload, payloadOffset: 0)
        #expect(try tiff.makerNote() != nil)
    }
}
