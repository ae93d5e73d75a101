import Foundation
import Testing
import TestSupport
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// What the JPEG Motion Photo reader makes of the XMP directory's MotionPhoto item: only that
/// item (not the primary or a gain map) makes a still with no GCamera flag a Motion Photo and
/// sends the reader to walk the directory; a directory without it is passed over (the MP4 is
/// found by its `ftyp`); and the "no GCamera:MotionPhoto = 1" warning is for an item without
/// the flag, never for a flagged file.
@Suite("Motion Photo reader: the directory's MotionPhoto item")
struct MotionPhotoReaderDirectoryItemTests {
    static let jpeg: [UInt8] = (try? Support.bytes(Support.fixture("still-no-exif.jpg"))) ?? []
    static let mp4: [UInt8] = (try? Support.bytes(Support.fixture("movie-mp4.mp4"))) ?? []
    static let flag = #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000""#

    /// `jpeg` with one XMP packet of `attributes` and a directory of `items` (after the primary), then `after`.
    static func write(attributes: String, items: [(String, String, Int)], after: [UInt8], in dir: TempDir) throws -> String {
        let xmp = OtherMakerLayouts.xmpSegment(attributes: attributes, body: OtherMakerLayouts.directory(items))
        return try dir.write("PXL_20240101_120000000.MP.jpg", OtherMakerLayouts.inserting(xmp, into: jpeg) + after)
    }

    @Test("a directory with only the primary, no flag, nothing after the image: not a Motion Photo")
    func primaryOnlyIsNotAMotionPhoto() throws {
        let dir = try TempDir()
        let path = try Self.write(attributes: "", items: [], after: [], in: dir)
        let error = #expect(throws: NotAMotionPhoto.self) { _ = try MotionPhotoReader.read(path: path) }
        #expect(error?.reason == MotionPhotoAfterImage.plain)
    }

    @Test("flagged, with a MotionPhoto item of the MP4's length: read by the directory, no warning")
    func flaggedDirectoryHasNoWarning() throws {
        let dir = try TempDir()
        let path = try Self.write(attributes: Self.flag, items: [("MotionPhoto", "video/mp4", Self.mp4.count)], after: Self.mp4, in: dir)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.location == .containerDirectory && photo.video.offset == photo.imageEnd && photo.video.length == UInt64(Self.mp4.count))
        #expect(photo.warnings == [], "\(photo.warnings)")
    }

    @Test("a MotionPhoto item without the flag: read by the directory, with the missing-flag warning")
    func unflaggedDirectoryWarns() throws {
        let dir = try TempDir()
        let path = try Self.write(attributes: "", items: [("MotionPhoto", "video/mp4", Self.mp4.count)], after: Self.mp4, in: dir)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.location == .containerDirectory && photo.video.length == UInt64(Self.mp4.count))
        #expect(photo.warnings == ["the XMP has a MotionPhoto directory item but no GCamera:MotionPhoto = 1"])
    }

    /// The GainMap item claims more bytes than follow the image; with no MotionPhoto item the
    /// directory is not walked at all, so that lie does not matter.
    @Test("flagged, a directory of the primary and a gain map but no MotionPhoto item: the MP4 found by its ftyp")
    func directoryWithoutMotionPhotoItemIsPassedOver() throws {
        let dir = try TempDir()
        try #require(Self.mp4.count < 100_000)
        let path = try Self.write(attributes: Self.flag, items: [("GainMap", "image/jpeg", 100_000)], after: Self.mp4, in: dir)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.location == .ftypSearch && photo.gainMap == nil)
        #expect(photo.video.offset == photo.imageEnd && photo.video.length == UInt64(Self.mp4.count))
        #expect(photo.warnings == ["no Container:Directory or MicroVideoOffset locates the video; found an MP4 'ftyp' at offset \(photo.imageEnd)"])
    }
}
