import Foundation
import Testing
import TestSupport
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// Which XMP packet a Motion Photo is read from: a packet holds Motion Photo properties when it
/// says GCamera:MotionPhoto or MicroVideo = 1 or its directory has a MotionPhoto item (a
/// directory with only the primary is not one); the first such packet wins, and when none
/// does, the first packet naming Google's namespaces is still the one read.
@Suite("Motion Photo XMP: the packet that holds the Motion Photo, else the first")
struct MotionPhotoXMPPacketChoiceTests {
    static let jpeg: [UInt8] = (try? Support.bytes(Support.fixture("still-no-exif.jpg"))) ?? []
    static let mp4: [UInt8] = (try? Support.bytes(Support.fixture("movie-mp4.mp4"))) ?? []

    @Test("a packet with a Primary-only directory and no flag, then a flagged packet: the flagged packet is read")
    func primaryOnlyDirectoryDoesNotHoldTheMotionPhoto() throws {
        let first = OtherMakerLayouts.xmpSegment(attributes: "", body: OtherMakerLayouts.directory([]))
        let second = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="100000""#)
        let dir = try TempDir()
        let path = try dir.write("PXL_20240101_120000000.MP.jpg", OtherMakerLayouts.inserting(first + second, into: Self.jpeg) + Self.mp4)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.presentationTimestampUs == 100_000)
        #expect(photo.variant == .google && photo.location == .ftypSearch, "\(photo.variant) \(photo.location)")
        let segments = try JPEGStructure.read(FileSource(path: path)).segments.filter { $0.isAPP(1) }
        try #require(segments.count == 2)
        #expect(photo.xmpSegmentOffset == segments[1].offset, "the second packet's segment")
        #expect(MotionPhotoXMPPackets.holdsMotionPhoto(try XMPPacket.fromSegmentPayload(Array(first.dropFirst(4)))) == false)
    }

    @Test("a Samsung trailer and one Google packet with only a timestamp: that packet is read")
    func unflaggedPacketIsTheFallback() throws {
        let xmp = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhotoPresentationTimestampUs="250000""#)
        let header = SamsungSEFTrailer.recordHeader(type: SamsungSEFTrailer.motionPhotoDataType, name: SamsungSEFTrailer.motionPhotoDataName)
        let length = UInt32(header.count + Self.mp4.count)
        let trailer = SamsungSEFTrailer.directoryAndFooter(records: [(type: SamsungSEFTrailer.motionPhotoDataType, back: length, length: length)])
        let dir = try TempDir()
        let path = try dir.write("20240101_120000.jpg", OtherMakerLayouts.inserting(xmp, into: Self.jpeg) + header + Self.mp4 + trailer)
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.location == .samsungTrailer)
        #expect(photo.presentationTimestampUs == 250_000)
        #expect(photo.xmp != nil && photo.xmpSegmentOffset == photo.structure.segments.first { $0.isAPP(1) }?.offset)
    }
}
