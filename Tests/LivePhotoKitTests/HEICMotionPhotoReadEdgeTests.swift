import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// A Samsung HEIC Motion Photo read at its edges: the smallest MP4 `mpvd` can hold (a bare
/// 8-byte `ftyp` box) is a video, and a presentation timestamp of 0 µs is a still at 0 s, not
/// "no presentation time" (only a negative timestamp is none).
@Suite("HEIC Motion Photo: an 8-byte video, a timestamp of 0")
struct HEICMotionPhotoReadEdgeTests {
    /// An XMP packet naming the Motion Photo with `timestamp` as its presentation time.
    static func xmp(timestamp: Int64) -> [UInt8] {
        Array((#"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + #"<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1""#
            + #" GCamera:MotionPhotoPresentationTimestampUs="\#(timestamp)"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>"#).utf8)
    }

    /// The fixture HEIC with an XMP item, then `mpvd` holding `video`.
    static func motionPhoto(video: [UInt8], timestamp: Int64, in dir: TempDir) throws -> FileSource {
        var relayout = HEIFRelayout()
        relayout.extraItems = [xmp(timestamp: timestamp)]
        let still = try relayout.build(from: try HEIFFile.open(path: HEICPairTests.heicFixture))
        return try FileSource(path: try dir.write("motion-\(video.count)-\(timestamp).heic", still + Atom(type: "mpvd", payload: video).serialized()))
    }

    @Test("mpvd holding only an 8-byte ftyp box: read, the video is those 8 bytes")
    func eightByteVideo() throws {
        let dir = try TempDir()
        let ftyp: [UInt8] = [0, 0, 0, 8] + Array("ftyp".utf8)
        let photo = try HEICMotionPhoto.read(source: try Self.motionPhoto(video: ftyp, timestamp: 250_000, in: dir))
        #expect(photo.video.length == 8)
        #expect(try photo.source.read(at: photo.video.offset, count: 8) == ftyp)
        #expect(photo.presentationTime == 0.25)
    }

    @Test("a presentation timestamp of 0 µs: the still is at 0 s; -1 µs: no presentation time")
    func zeroTimestamp() throws {
        let dir = try TempDir()
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let zero = try HEICMotionPhoto.read(source: try Self.motionPhoto(video: mp4, timestamp: 0, in: dir))
        #expect(zero.presentationTimestampUs == 0)
        #expect(zero.presentationTime == 0)
        let negative = try HEICMotionPhoto.read(source: try Self.motionPhoto(video: mp4, timestamp: -1, in: dir))
        #expect(negative.presentationTimestampUs == -1)
        #expect(negative.presentationTime == nil)
    }
}
