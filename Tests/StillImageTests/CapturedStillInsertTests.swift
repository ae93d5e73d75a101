import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import StillImage

/// `make`'s still: the encoder's JPEG with our EXIF as the APP1 right after SOI. The encoder's
/// APP0 segments (JFIF) go, however many and however long (an empty one, length 2, included);
/// every byte from the first other marker on is kept as the encoder wrote it.
@Suite("captured-still EXIF: inserted after SOI in place of the APP0 segments")
struct CapturedStillInsertTests {
    static func app0(_ payloadLength: Int) -> [UInt8] {
        [0xFF, 0xE0, UInt8((payloadLength + 2) >> 8), UInt8((payloadLength + 2) & 0xFF)] + [UInt8](repeating: 0x4A, count: payloadLength)
    }

    @Test("any APP0 segments of 0 to 40 payload bytes, before the rest or ending the input: all dropped, the EXIF after SOI, the rest byte for byte (property)")
    func app0SegmentsReplaced() async throws {
        let exif = CapturedStillExif(pixelWidth: 16, pixelHeight: 16)
        let payload = try exif.payload()
        let rest = SyntheticJPEG().bytes.dropFirst(2)
        // The APP0s may also end the input (nothing after them: the last one ends at the last byte).
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...40).array(of: 0...4), Gen.nearEnds(in: 0...1)) { drawn, restKept in await Support.failingOnThrow {
            let lengths = restKept == 0 && drawn.isEmpty ? [0] : drawn
            let rest = restKept == 1 ? rest : []
            let jpeg = [0xFF, 0xD8] + lengths.flatMap(Self.app0) + rest
            let written = try exif.insert(into: jpeg)
            let app1 = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
            #expect(written == [0xFF, 0xD8] + app1 + rest, "APP0 payloads \(lengths)")
        } }
    }

    @Test("an APP0 whose length is under 2 or runs past the end stops the skipping: it and what follows are kept")
    func damagedAPP0IsKept() throws {
        let exif = CapturedStillExif(pixelWidth: 16, pixelHeight: 16)
        let payload = try exif.payload()
        let app1 = [0xFF, 0xD8, 0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        let rest = Array(SyntheticJPEG().bytes.dropFirst(2))
        for damaged: [UInt8] in [[0xFF, 0xE0, 0x00, 0x01], [0xFF, 0xE0, 0x00, 0x00], [0xFF, 0xE0, 0xFF, 0xFF]] {
            let jpeg = [0xFF, 0xD8] + Self.app0(3) + damaged + rest
            #expect(try exif.insert(into: jpeg) == app1 + damaged + rest, "\(damaged)")
        }
        // Not a JPEG: no SOI, or nothing after it but an EOI.
        #expect(throws: ParseError.self) { try exif.insert(into: [0xFF, 0xD9, 0, 0, 0]) }
        #expect(throws: ParseError.self) { try exif.insert(into: [0xFF, 0xD8, 0xFF, 0xD9]) }
        #expect(try exif.insert(into: [0xFF, 0xD8, 0xFF, 0xD9, 0]) == app1 + [0xFF, 0xD9, 0])
    }
}
