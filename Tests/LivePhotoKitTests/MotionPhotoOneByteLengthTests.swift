import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import LivePhotoKit

/// A length of 1 is a length: a Container:Directory item of 1 byte takes the file's last byte,
/// and OpCamera:VideoLength 1 takes the directory item's first byte (no MP4 fits there, which
/// `requireMP4` says afterwards). Only 0 (or no length) is refused as no length.
@Suite("Motion Photo locations: a directory item or VideoLength of 1 byte is one byte, not none")
struct MotionPhotoOneByteLengthTests {
    @Test("a directory item of Length 1 is the file's last byte; its start is where the items begin")
    func directoryItemOfOneByte() throws {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("tail.jpg", [UInt8](repeating: 7, count: 20)))
        let items = [XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0),
                     XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: 1)]
        let (ranges, end) = try MotionPhotoReader.directoryRanges(items, imageEnd: 10, source: source)
        #expect(ranges[MotionPhotoXMP.Semantic.motionPhoto] == MotionPhoto.ByteRange(offset: 19, length: 1))
        #expect(end == 19)
    }

    @Test("a directory item of Length 0 has no length: refused, naming it")
    func directoryItemOfNoBytes() throws {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("tail.jpg", [UInt8](repeating: 7, count: 20)))
        let items = [XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0),
                     XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: 0)]
        let error = #expect(throws: ParseError.self) { _ = try MotionPhotoReader.directoryRanges(items, imageEnd: 10, source: source) }
        #expect(error?.message.contains("has no length") == true, "\(String(describing: error))")
    }

    @Test("OpCamera:VideoLength 1 is the item's first byte; 0 and more than the item are refused")
    func videoLengthOfOneByte() throws {
        let item = MotionPhoto.ByteRange(offset: 100, length: 10)
        func xmp(_ length: String) throws -> XMPPacket {
            let p = try XMPPacket.empty()
            p.set(MotionPhotoXMP.oplusVideoLength, length)
            return p
        }
        #expect(try MotionPhotoReader.byVideoLength(item, xmp("1")) == MotionPhoto.ByteRange(offset: 100, length: 1))
        #expect(try MotionPhotoReader.byVideoLength(item, xmp("10")) == item)
        #expect(try MotionPhotoReader.byVideoLength(item, nil) == item)
        for refused in ["0", "11"] {
            let error = #expect(throws: ParseError.self) { _ = try MotionPhotoReader.byVideoLength(item, try xmp(refused)) }
            #expect(error?.message == "OpCamera:VideoLength \(refused) does not fit the directory's MotionPhoto item of 10 bytes", "\(String(describing: error))")
        }
    }
}
