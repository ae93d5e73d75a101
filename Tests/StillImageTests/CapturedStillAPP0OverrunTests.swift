import Testing
import TestSupport
@testable import StillImage

/// `make`'s still: an APP0 segment whose length runs past the end of the encoder's output, by
/// as little as one byte, is not skipped: it and what follows are kept after the new EXIF.
@Suite("captured-still EXIF: an APP0 running one byte past the end is kept")
struct CapturedStillAPP0OverrunTests {
    @Test("SOI, an APP0 whose length claims 1 to 3 bytes more than there are: SOI, the EXIF, then that APP0 as it was", arguments: 1...3)
    func overrunByAFewBytesIsKept(_ missing: Int) throws {
        let exif = CapturedStillExif(pixelWidth: 16, pixelHeight: 16)
        let payload = try exif.payload()
        let app1 = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        // Length 5 counts itself (2) and 3 payload bytes; 3 - missing of them are there.
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x05] + [UInt8](repeating: 0x4A, count: 3 - missing)
        let jpeg = [0xFF, 0xD8] + app0
        #expect(try exif.insert(into: jpeg) == [0xFF, 0xD8] + app1 + app0, "\(missing) byte(s) short")
        // After a whole APP0 too.
        let whole: [UInt8] = [0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46]
        #expect(try exif.insert(into: [0xFF, 0xD8] + whole + app0) == [0xFF, 0xD8] + app1 + app0, "\(missing) byte(s) short, after a whole APP0")
    }
}
