import BinaryIO
import Foundation
@testable import StillImage
import Testing
import TestSupport

/// `verify` reports the still's size from `headerFacts` (and compares its aspect with the
/// video's); without a frame header, or when the caller does not ask for it (`scan`), the size
/// is 0x0, which the aspect check reports as such, never a made-up 1.
@Suite("still header facts: the frame size, or 0x0")
struct StillHeaderFactsSizeTests {
    /// The fixture's bytes without its SOFn segment (the frame header).
    static func withoutFrameHeader(_ bytes: [UInt8]) throws -> [UInt8] {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            let marker = bytes[at + 1], length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return Array(bytes[..<at]) + Array(bytes[(at + 2 + length)...])
            }
            at += 2 + length
        }
        throw ParseError(.invalidValue, "the fixture has no SOFn before its scan")
    }

    @Test("the SOFn size when asked and present; 0x0 when not asked, and when the file has none", arguments: ["still-no-exif.jpg", "still-apple-makernote.jpg"])
    func frameSizeOrZero(fixture: String) throws {
        let dir = try TempDir()
        let path = try dir.write("still.jpg", try Support.bytes(Support.fixture(fixture)))
        let header = try TurboJPEG.header(of: FileSource(path: path), structure: JPEGStructure.read(FileSource(path: path)))
        let sized = try StillImageReader.headerFacts(source: FileSource(path: path))
        #expect(sized.width == header.width && sized.height == header.height && sized.width > 0 && sized.height > 0)

        let unsized = try StillImageReader.headerFacts(source: FileSource(path: path), frameSize: false)
        #expect(unsized.width == 0 && unsized.height == 0, "\(unsized)")
        #expect(unsized.contentIdentifier == sized.contentIdentifier && unsized.orientation == sized.orientation)

        let frameless = try dir.write("frameless.jpg", try Self.withoutFrameHeader(try Support.bytes(path)))
        let none = try StillImageReader.headerFacts(source: FileSource(path: frameless))
        #expect(none.width == 0 && none.height == 0, "\(none)")
        #expect(none.contentIdentifier == sized.contentIdentifier)
    }
}
