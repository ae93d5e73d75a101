import Foundation
import Testing
import TestSupport
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// A Samsung HEIC Motion Photo's XMP directory is checked against the MP4 in `mpvd` by its
/// MotionPhoto item only: an honest directory (the primary's length 0, then the video's true
/// length) gives no warning; a MotionPhoto item that lies about the length is a warning (the
/// box is used).
@Suite("HEIC Motion Photo: the XMP directory's video length against 'mpvd'")
struct HEICMotionPhotoDirectoryLengthTests {
    /// The fixture HEIC with an XMP item whose directory gives the video `stated` bytes, then
    /// `mpvd` holding `mp4`.
    static func motionPhoto(mp4: [UInt8], stated: Int, in dir: TempDir) throws -> FileSource {
        let segment = OtherMakerLayouts.xmpSegment(attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000""#,
                                                   body: OtherMakerLayouts.directory([("MotionPhoto", "video/mp4", stated)]))
        var relayout = HEIFRelayout()
        relayout.extraItems = [Array(segment.dropFirst(4 + XMPPacket.standardSignature.count))]
        let still = try relayout.build(from: try HEIFFile.open(path: HEICPairTests.heicFixture))
        return try FileSource(path: try dir.write("motion-\(stated).heic", still + Atom(type: "mpvd", payload: mp4).serialized()))
    }

    @Test("the directory's MotionPhoto item has the MP4's length: no warning")
    func honestDirectory() throws {
        let dir = try TempDir()
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let photo = try HEICMotionPhoto.read(source: try Self.motionPhoto(mp4: mp4, stated: mp4.count, in: dir))
        #expect(photo.xmp?.containerDirectory()?.map(\.semantic) == ["Primary", "MotionPhoto"])
        #expect(photo.video.length == UInt64(mp4.count) && photo.presentationTimestampUs == 500_000)
        #expect(photo.warnings.isEmpty, "\(photo.warnings)")
    }

    @Test("the MotionPhoto item says more bytes than 'mpvd' holds: a warning naming both")
    func lyingDirectory() throws {
        let dir = try TempDir()
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let photo = try HEICMotionPhoto.read(source: try Self.motionPhoto(mp4: mp4, stated: mp4.count + 7, in: dir))
        #expect(photo.video.length == UInt64(mp4.count))
        #expect(photo.warnings == ["the XMP directory says the video has \(mp4.count + 7) bytes; the MP4 in 'mpvd' has \(mp4.count) (the box is used)"])
    }
}
