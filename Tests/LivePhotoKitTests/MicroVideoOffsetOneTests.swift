import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// `GCamera:MicroVideoOffset` counts the video's bytes back from the end of the file. Any
/// positive offset is taken at its word, 1 included: the last byte is then no MP4, so the
/// Motion Photo's video is missing (stale offsets), never looked for elsewhere.
@Suite("Motion Photo: MicroVideoOffset 1 is an offset, not a missing one")
struct MicroVideoOffsetOneTests {
    static let jpeg: [UInt8] = (try? Support.bytes(Support.fixture("still-no-exif.jpg"))) ?? []
    static let mp4: [UInt8] = (try? Support.bytes(Support.fixture("movie-mp4.mp4"))) ?? []

    @Test("an offset of 1 points at the last byte, which is no MP4: video missing, though an MP4 follows the image")
    func offsetOneIsTheLastByte() throws {
        let dir = try TempDir()
        let path = try dir.write("MVIMG_20240101_120000.jpg", OtherMakerLayouts.xiaomi(Self.jpeg, video: Self.mp4, watermark: [], offset: 1))
        let error = #expect(throws: MotionPhotoVideoMissing.self) { try MotionPhotoReader.read(path: path) }
        #expect(error?.reason.contains("does not point at an MP4") == true, "\(error?.reason ?? "")")
    }

    @Test("the MP4's own length as the offset reads the video there (the layout is sound)")
    func wholeLengthReadsTheVideo() throws {
        let dir = try TempDir()
        let path = try dir.write("MVIMG_20240101_120000.jpg", OtherMakerLayouts.xiaomi(Self.jpeg, video: Self.mp4, watermark: []))
        let photo = try MotionPhotoReader.read(path: path)
        #expect(photo.location == .microVideoOffset && photo.video.length == UInt64(Self.mp4.count))
    }
}
