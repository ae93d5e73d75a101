import Testing
import TestSupport
@testable import StillImage

/// `make`'s still, the EXIF inserted after SOI: an APP0 is skipped only when its whole
/// 4-byte header is there (a marker and part of a length at the very end are kept as bytes,
/// never read past), and its 16-bit length is read whole, high byte included.
@Suite("captured-still EXIF: APP0 headers cut at the end, APP0 lengths past 255")
struct CapturedStillInsertEdgeTests {
    static func app1(_ exif: CapturedStillExif) throws -> [UInt8] {
        let payload = try exif.payload()
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    @Test("FF E0 and one length byte ending the input, alone or after a whole APP0: kept after the EXIF as they were")
    func cutHeaderAtTheEnd() throws {
        let exif = CapturedStillExif(pixelWidth: 16, pixelHeight: 16)
        let app1 = try Self.app1(exif)
        let cut: [UInt8] = [0xFF, 0xE0, 0x00]
        #expect(try exif.insert(into: [0xFF, 0xD8] + cut) == [0xFF, 0xD8] + app1 + cut)
        #expect(try exif.insert(into: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x02] + cut) == [0xFF, 0xD8] + app1 + cut)
    }

    @Test("APP0s of 254, 300 and 600 payload bytes (lengths 0x0100, 0x012E, 0x025A) before the image: dropped, the image kept", arguments: [254, 300, 600])
    func longAPP0Dropped(_ payloadLength: Int) throws {
        let exif = CapturedStillExif(pixelWidth: 16, pixelHeight: 16)
        let rest = Array(SyntheticJPEG().bytes.dropFirst(2))
        let length = payloadLength + 2
        let app0 = [0xFF, 0xE0, UInt8(length >> 8), UInt8(length & 0xFF)] + [UInt8](repeating: 0x4A, count: payloadLength)
        #expect(try exif.insert(into: [0xFF, 0xD8] + app0 + rest) == [0xFF, 0xD8] + (try Self.app1(exif)) + rest, "APP0 length \(length)")
    }
}
