import Foundation
import Testing
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// A JPEG may carry several XMP packets naming Google's namespaces: the first one that holds
/// Motion Photo properties is the one read (GCamera:MotionPhoto = 1 is such a property on its
/// own, without a directory), and a later packet's properties are not mixed in.
@Suite("Motion Photo XMP: the first packet with GCamera:MotionPhoto = 1 is the one read")
struct MotionPhotoFirstFlaggedPacketTests {
    @Test("MotionPhoto = 1 alone, then a MicroVideo packet: the first packet's timestamp, the video found by its ftyp")
    func firstFlaggedPacketWins() throws {
        let jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let first = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="100000""#)
        let second = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\#(mp4.count)""#
                                                  + #" GCamera:MicroVideoPresentationTimestampUs="400000""#)
        let dir = try TempDir()
        let path = try dir.write("PXL_20240101_120000000.MP.jpg", OtherMakerLayouts.inserting(first + second, into: jpeg) + mp4)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.presentationTimestampUs == 100_000)
        #expect(photo.variant == .google && photo.location == .ftypSearch, "\(photo.variant) \(photo.location)")
        #expect(photo.video.offset == photo.imageEnd && photo.video.length == UInt64(mp4.count))
        let segments = try JPEGStructure.read(FileSource(path: path)).segments.filter { $0.isAPP(1) }
        #expect(photo.xmpSegmentOffset == segments.first?.offset, "the first packet's segment")
    }
}
