import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// A HEIC Motion Photo's XMP item is read up to 4 MiB: one of exactly the bound is read (its
/// timestamp used), one byte more is not read and a warning says so; the video is found either way.
struct HEICMotionPhotoXMPBoundTests {
    /// An XMP packet naming the Motion Photo and its timestamp, padded to `size` bytes.
    static func xmp(size: Int) -> [UInt8] {
        let head = #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1""#
            + #" GCamera:MotionPhotoPresentationTimestampUs="250000"/></rdf:RDF></x:xmpmeta>"#
        let tail = #"<?xpacket end="w"?>"#
        return Array(head.utf8) + [UInt8](repeating: 0x20, count: size - head.utf8.count - tail.utf8.count) + Array(tail.utf8)
    }

    static func motionPhoto(xmpSize: Int, in dir: TempDir) throws -> FileSource {
        var relayout = HEIFRelayout()
        relayout.extraItems = [xmp(size: xmpSize)]
        let still = try relayout.build(from: try HEIFFile.open(path: HEICPairTests.heicFixture))
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        return try FileSource(path: try dir.write("xmp-\(xmpSize).heic", still + Atom(type: "mpvd", payload: mp4).serialized()))
    }

    @Test func exactlyTheBoundIsRead() throws {
        let dir = try TempDir()
        let bound = HEICMotionPhoto.maximumXMPItemSize
        let at = try HEICMotionPhoto.read(source: try Self.motionPhoto(xmpSize: bound, in: dir))
        #expect(at.xmp != nil && at.presentationTimestampUs == 250_000 && at.warnings.isEmpty, "\(at.warnings)")
        let over = try HEICMotionPhoto.read(source: try Self.motionPhoto(xmpSize: bound + 1, in: dir))
        #expect(over.xmp == nil && over.presentationTimestampUs == nil && over.video.length == at.video.length)
        #expect(over.warnings.count == 1 && over.warnings.first?.contains("more than the \(bound) read for it") == true, "\(over.warnings)")
    }
}
