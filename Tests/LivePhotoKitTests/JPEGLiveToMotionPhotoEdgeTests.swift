import Foundation
import Testing
import TestSupport
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// Live → Motion with a JPEG still, at its edges: the cover time in whole milliseconds is
/// rounded up (an exact millisecond stays itself), the directory's lengths are summed exactly
/// (nil past UInt64), and a still that has extended XMP converts while its new XMP fits one
/// segment (only needing a second extended packet is refused).
@Suite("Live → Motion (JPEG): cover milliseconds, length sums, existing extended XMP")
struct JPEGLiveToMotionPhotoEdgeTests {
    @Test("whole milliseconds round microseconds up; an exact millisecond is kept", arguments: [
        (Int64(0), Int64(0)), (1, 1), (999, 1), (1000, 1), (1001, 2), (999_001, 1000), (1_000_000, 1000), (733_334, 734),
    ])
    func coverMilliseconds(us: Int64, ms: Int64) {
        #expect(JPEGLiveToMotionPhoto.Cover(timestampUs: us, frame: 0).milliseconds == ms)
    }

    @Test("the sum of the directory's lengths: exact, 0 for none, nil past UInt64.max")
    func sums() {
        #expect(JPEGLiveToMotionPhoto.sum([]) == 0)
        #expect(JPEGLiveToMotionPhoto.sum([3, 4, 5]) == 12)
        #expect(JPEGLiveToMotionPhoto.sum([UInt64.max]) == UInt64.max)
        #expect(JPEGLiveToMotionPhoto.sum([UInt64.max - 1, 1]) == UInt64.max)
        #expect(JPEGLiveToMotionPhoto.sum([UInt64.max, 1]) == nil)
    }

    @Test("a still with a small XMP and an extended XMP segment of its own converts: the new XMP needs no second packet")
    func existingExtendedXMPWithRoomToSpare() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try Support.bytes(Support.fixture("still-exif-icc-xmp.jpg"))
        let structure = try JPEGStructure.read(try FileSource(path: Support.fixture("still-exif-icc-xmp.jpg")))
        let xmp = try #require(structure.segments.first { $0.isAPP(1) && $0.payloadPrefix.starts(with: XMPPacket.standardSignature) })
        let body = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
        var chunk = XMPPacket.extendedSignature + Array(String(repeating: "0", count: 32).utf8)
        chunk += [0, 0, 0, UInt8(body.count), 0, 0, 0, 0] + body
        let jpeg = Array(base[0..<Int(xmp.endOffset)]) + MotionPhotoExtendedXMPTests.app1(chunk) + Array(base[Int(xmp.endOffset)...])
        let still = dir.appendingPathComponent("IMG_0004.JPG").path
        try Data(jpeg).write(to: URL(fileURLWithPath: still))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_0004.MOV")
        _ = try PairOperation.run(still: still, movie: movie)

        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        let output = try #require(r.motionPhoto)
        let photo = try MotionPhotoReader.read(path: output)
        #expect(photo.video.length == r.videoBytes)
        #expect(try MotionPhotoFixtures.imageData(output) == MotionPhotoFixtures.imageData(still))
    }
}

/// The same conversion of a Live still that carries a gain map (made from a synthetic Motion
/// Photo): with no `Item:Padding` on the primary, no padding is assumed, so a gain map without
/// `Item:Length` gets every byte after the image; and MPF's first image (the primary) keeps the
/// primary's length, not the primary's and the gain map's.
@Suite("Live → Motion (JPEG): a gain map after the primary", .requires(.python3))
struct JPEGLiveToMotionPhotoGainMapEdgeTests {
    /// A Live still (and movie) converted from the fixture Motion Photo with a gain map, and the gain map's bytes.
    static func liveWithGainMap(in dir: URL) throws -> (still: String, movie: String, gain: [UInt8]) {
        let live = try MotionPhotoToLivePhoto.run(path: dir.appendingPathComponent("PXL_20240202_080000000.MP.jpg").path)
        return (try #require(live.still), try #require(live.movie), try Support.bytes(Support.fixture("still-no-exif.jpg")))
    }

    /// The Live pair converted to a Motion Photo in `dir/out`: its path.
    static func motionPhoto(still: String, movie: String, in dir: URL) throws -> String {
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        var options = ConvertOptions()
        options.outputDirectory = out.path
        return try #require(try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options).motionPhoto)
    }

    /// The first occurrence of `text` in `bytes` blanked to spaces of its length (the segment
    /// keeps its size): where it was.
    static func blank(_ text: String, in bytes: inout [UInt8]) throws -> Int {
        let attribute = Array(text.utf8)
        let at = try #require((0...(bytes.count - attribute.count)).first { Array(bytes[$0..<$0 + attribute.count]) == attribute }, "\(text)")
        bytes.replaceSubrange(at..<at + attribute.count, with: [UInt8](repeating: 0x20, count: attribute.count))
        return at
    }

    @Test("no Item:Padding on the primary and no Item:Length on the gain map: the gain map is every byte after the image")
    func primaryWithoutPadding() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie, gain) = try Self.liveWithGainMap(in: dir)
        var bytes = try Support.bytes(still)
        let length = try Self.blank("Item:Length=\"\(gain.count)\"", in: &bytes)
        let padding = try Self.blank("Item:Padding=\"0\"", in: &bytes)
        try #require(padding < length, "the first Item:Padding is the primary's")
        try Data(bytes).write(to: URL(fileURLWithPath: still))

        let motion = try Self.motionPhoto(still: still, movie: movie, in: dir)
        let read = try MotionPhotoReader.read(path: motion)
        let gainMap = try #require(read.gainMap)
        #expect(gainMap.offset == read.imageEnd && gainMap.length == UInt64(gain.count))
        #expect(try Support.bytes(motion)[Int(gainMap.offset)..<Int(gainMap.end)] == gain[...])
    }

    @Test("MPF image 1 of the Motion Photo is the primary alone: its length is where the gain map starts", .requires(.exiftool))
    func mpfPrimaryLength() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie, gain) = try Self.liveWithGainMap(in: dir)
        let motion = try Self.motionPhoto(still: still, movie: movie, in: dir)
        let read = try MotionPhotoReader.read(path: motion)
        let gainMap = try #require(read.gainMap)
        #expect(gainMap.offset == read.imageEnd && gainMap.length == UInt64(gain.count))
        let exiftool = try Support.requireTool("exiftool")
        let lengths = try Support.run(exiftool, ["-a", "-s3", "-MPImageLength", motion]).out.split(separator: "\n").compactMap { UInt64($0) }
        #expect(lengths == [read.imageEnd, UInt64(gain.count)], "\(lengths)")
    }
}
