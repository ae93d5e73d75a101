import BinaryIO
import Foundation
@testable import StillImage
import Testing
import TestSupport

/// A still's headers are read through one prefetched window (issue 10's bench: `pair DIR`
/// made some 90 small reads per still): every header parser then reads nothing more, gives
/// the same answers as unbuffered reads, and a large file is not read whole.
@Suite("Still header window")
struct StillHeaderWindowTests {
    /// A fixture JPEG with `trailing` bytes after its EOI, so the file is larger than the window.
    static func largeJPEG(_ fixture: String, trailing: Int) throws -> String {
        let dir = try Support.tempDir()
        let path = dir.appendingPathComponent("large.jpg").path
        let bytes = try Support.bytes(Support.fixture(fixture)) + [UInt8](repeating: 0x5A, count: trailing)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["still-exif-icc-xmp.jpg", "still-apple-makernote.jpg", "still-no-exif.jpg", "still-foreign-makernote.jpg"])
    func headersAreReadWithOneReadAndTheSameAnswers(fixture: String) throws {
        let path = try Self.largeJPEG(fixture, trailing: 3 * StillHeaderWindow.bytes)
        let windowed = try StillHeaderWindow.open(path)
        #expect(windowed.bytesRead == UInt64(StillHeaderWindow.bytes))
        let facts = try StillImageReader.headerFacts(source: windowed)
        let identifier = try StillImageReader.contentIdentifier(source: windowed)
        let info = try StillImageReader.read(source: windowed, path: path)
        // Nothing beyond the window was read: the size of the one prefetch read, far from the whole file.
        #expect(windowed.bytesRead == UInt64(StillHeaderWindow.bytes))
        #expect(windowed.bytesRead < windowed.size)

        let plain = try FileSource(path: path)
        #expect(try StillImageReader.headerFacts(source: plain) == facts)
        #expect(try StillImageReader.contentIdentifier(source: FileSource(path: path)) == identifier)
        let plainInfo = try StillImageReader.read(source: FileSource(path: path), path: path)
        #expect(plainInfo.width == info.width && plainInfo.height == info.height && plainInfo.makerNote == info.makerNote)
    }

    @Test func aPairedCopyIsWrittenAndReadBackThroughTheWindow() throws {
        let path = try Self.largeJPEG("still-exif-icc-xmp.jpg", trailing: 3 * StillHeaderWindow.bytes)
        let target = path + ".out.jpg"
        let writer = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: target, identifier: "4B1C2F3A-0000-4000-8000-000000000001",
                                                       replaceForeignMakerNote: false)
        try writer.commit()
        #expect(try StillImageReader.contentIdentifier(path: target) == "4B1C2F3A-0000-4000-8000-000000000001")
        // Every byte after the EXIF segment is the source's.
        let before = try Support.bytes(path), after = try Support.bytes(target)
        #expect(Array(after.suffix(3 * StillHeaderWindow.bytes)) == Array(before.suffix(3 * StillHeaderWindow.bytes)))
    }
}
