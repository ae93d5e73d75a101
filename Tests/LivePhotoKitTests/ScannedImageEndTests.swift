import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import LivePhotoKit

/// `convert DIR` carries where `scan` found each image to end into the conversion, so the
/// image is walked once; the carried value is used only for the same, unchanged file and
/// only where the EOI marker is.
@Suite("Scanned image end carried into convert")
struct ScannedImageEndTests {
    @Test func anUnchangedFileIsNotWalkedAgainAndReadsTheSame() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        for name in MotionPhotoFixtures.valid {
            let path = dir.appendingPathComponent(name).path
            let walkedSource = try FileSource(path: path)
            let walked = try MotionPhotoReader.read(source: walkedSource)
            let summary = try #require(try MotionPhotoSummary.read(FileSource(path: path)), "\(name)")
            let scanned = try #require(summary.scannedImageEnd)
            #expect(scanned.imageEnd == walked.imageEnd, "\(name)")

            let carriedSource = try FileSource(path: path)
            let carried = try MotionPhotoReader.read(source: carriedSource, scanned: scanned)
            #expect(carried.imageEnd == walked.imageEnd && carried.video == walked.video && carried.gainMap == walked.gainMap, "\(name)")
            // The walk reads the image data [scan header end, image end); the carried end reads 2 bytes instead.
            let imageData = walked.imageEnd - walked.structure.scanHeader.endOffset
            #expect(walkedSource.bytesRead >= carriedSource.bytesRead + imageData - 2, "\(name): \(walkedSource.bytesRead) vs \(carriedSource.bytesRead)")
        }
    }

    @Test func anotherFileOrAWrongEndIsWalked() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        let a = dir.appendingPathComponent(MotionPhotoFixtures.valid[0]).path
        let b = dir.appendingPathComponent(MotionPhotoFixtures.valid[3]).path
        let truthB = try MotionPhotoReader.read(path: b)
        // Learned from another file: not this one's.
        let fromA = try #require(try MotionPhotoSummary.read(FileSource(path: a))?.scannedImageEnd)
        #expect(try MotionPhotoReader.read(source: FileSource(path: b), scanned: fromA).imageEnd == truthB.imageEnd)
        // The same file, but an end that is not just past an EOI marker (a stale or wrong value).
        for wrong in [truthB.imageEnd - 1, truthB.imageEnd + 1, 0, UInt64.max] {
            let lying = try #require(ScannedImageEnd(imageEnd: wrong, source: FileSource(path: b)))
            #expect(try MotionPhotoReader.read(source: FileSource(path: b), scanned: lying).imageEnd == truthB.imageEnd, "claimed \(wrong)")
        }
        // The same name after the file changed (another size): walked again.
        let copy = dir.appendingPathComponent("changed.MP.jpg").path
        try FileManager.default.copyItem(atPath: b, toPath: copy)
        let before = try #require(try MotionPhotoSummary.read(FileSource(path: copy))?.scannedImageEnd)
        let handle = try #require(FileHandle(forWritingAtPath: copy))
        handle.seekToEndOfFile(); handle.write(Data([0])); try handle.close()
        #expect(try before.imageEnd(for: FileSource(path: copy), structure: truthB.structure) == nil)
    }
    /// An image that ends at the file's last byte (no trailer after EOI) is carried as well:
    /// the end may be the file's size, not past it.
    @Test func anEndAtTheFilesLastByteIsCarried() throws {
        let path = Support.fixture("still-no-exif.jpg")
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let end = source.size
        let scanned = try #require(ScannedImageEnd(imageEnd: end, source: source))
        #expect(try scanned.imageEnd(for: FileSource(path: path), structure: structure) == end)
        let past = try #require(ScannedImageEnd(imageEnd: end + 1, source: source))
        #expect(try past.imageEnd(for: FileSource(path: path), structure: structure) == nil)
    }
}
