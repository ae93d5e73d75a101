import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// libexif is the independent reader beside our own: it loads the EXIF with the MakerNote
/// hidden and reads Make/Model/Orientation; it no longer saves anything (its save re-lays out
/// the block and empties an Apple MakerNote, see ExifBlock).
@Suite("libexif MakerNote handling")
struct LibexifMakerNoteTests {
    static func exifPayload(_ path: String) throws -> (payload: [UInt8], offset: UInt64) {
        let s = try FileSource(path: path)
        let exif = try #require(try JPEGStructure.read(s).exifSegment)
        return (try s.read(at: exif.payloadOffset, count: exif.payloadLength), exif.payloadOffset)
    }

    /// The MakerNote is zeroed before libexif sees it; libexif still reads IFD0.
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func libexifSeesOnlyZerosWhereTheMakerNoteIs() throws {
        let (payload, offset) = try Self.exifPayload(TestFiles.fixture("still-apple-makernote.jpg"))
        let original = try #require(try ExifTIFF(payload: payload, payloadOffset: offset).makerNote())
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: original.payloadRange)
        #expect(block.makerNoteBytes == [UInt8](repeating: 0, count: original.bytes.count), "libexif only sees zeros")
        #expect(block.make == "Apple" && block.model == "iPhone 8")
    }

    /// A block libexif cannot load in full (past 64 KB) is refused by ExifBlock rather than cut.
    @Test func refusesABlockLibexifWouldCut() throws {
        let payload = JPEGSegment.exifHeader + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] + [UInt8](repeating: 0, count: ExifBlock.maxPayload)
        #expect(throws: ParseError.self) { _ = try ExifBlock(payload: payload, hidingMakerNoteAt: nil) }
    }

    /// 14 bytes (the EXIF header and a TIFF header) to 0xFFFE (the most an APP1 holds) go to
    /// libexif; a byte fewer or more is refused by its size, before libexif sees it.
    @Test("EXIF payloads of 14 to 65,534 bytes are loaded; 13 and 65,535 are refused by their size")
    func payloadSizeBounds() throws {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]   // IFD0 of no entries
        let largest = JPEGSegment.exifHeader + tiff + [UInt8](repeating: 0, count: ExifBlock.maxPayload - 6 - tiff.count)
        #expect(throws: Never.self) { _ = try ExifBlock(payload: largest, hidingMakerNoteAt: nil) }
        let smallest = Array((JPEGSegment.exifHeader + tiff).prefix(14))
        do { _ = try ExifBlock(payload: smallest, hidingMakerNoteAt: nil) } catch {
            #expect(!"\(error)".contains("EXIF payload of"), "\(error)")
        }
        for bad in [Array(smallest.prefix(13)), largest + [0]] {
            #expect { _ = try ExifBlock(payload: bad, hidingMakerNoteAt: nil) } throws: { "\($0)".contains("EXIF payload of \(bad.count) bytes") }
        }
    }
}
