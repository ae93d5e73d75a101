import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
import TestSupport
@testable import LivePhotoKit

/// `convert` reads a HEIC once and hands the parsed file along: after it was read, the path
/// names another file (renamed over it, so the open file keeps its bytes), and the still is
/// still written, once, with the bytes it had before (no counter in the code: were the path
/// read again, the other file would be read).
@Suite("convert: a HEIC is read once, its still written once")
struct HEICReadOnceTests {
    /// `path` renamed over by a file of other bytes.
    static func replace(_ path: String, in dir: URL) throws {
        let other = dir.appendingPathComponent("other-\(UUID().uuidString)").path
        try Data(try Support.bytes(Support.fixture("still-apple-makernote.jpg"))).write(to: URL(fileURLWithPath: other))
        #expect(rename(other, path) == 0)
    }

    /// A Motion Photo's XMP (Motion Photo properties, a directory) as a `mime` item's bytes.
    static func motionPhotoXMP(videoLength: UInt64) throws -> [UInt8] {
        let xmp = try XMPPacket.empty()
        MotionPhotoXMP.write(into: xmp, timestampUs: 500_000, directory: [
            XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/heic", length: 0, padding: 0),
            XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: videoLength),
        ])
        return xmp.xmlBytes()
    }

    @Test("Motion → Live: the still (XMP and Exif edited together) from the Motion Photo as read, the bytes of the two edits one after the other",
          arguments: [0, 4, 5, 6, 8])
    func motionToLiveStill(variant: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        var layout = HEIFRelayout.variants[variant]
        layout.extraItems = [try Self.motionPhotoXMP(videoLength: UInt64(mp4.count))]
        let input = dir.appendingPathComponent("20240101_101010.heic").path
        try Data(try layout.build(from: HEIFFile.open(path: HEICPairTests.heicFixture))
                 + HEICLiveToMotionPhoto.mpvdHeader(payloadSize: UInt64(mp4.count)) + mp4).write(to: URL(fileURLWithPath: input))
        let identifier = "0F9A7C4E-2B6D-4C1A-9E3F-5A8B7C6D4E21"
        let expected = try HEICMotionPhotoTests.twoStepStill(input, identifier: identifier, in: dir)
        let photo = try HEICMotionPhoto.read(source: FileSource(path: input))
        #expect(photo.xmp?.integer(MotionPhotoXMP.motionPhoto) == 1, "\(layout): the XMP item is the Motion Photo's")
        try Self.replace(input, in: dir)
        let target = dir.appendingPathComponent("still.HEIC").path
        try HEICMotionPhotoStill.prepare(photo, targetPath: target, modeFrom: Support.fixture("still-heic.heic"), identifier: identifier).commit()
        #expect(try Support.bytes(target) == expected, "\(layout)")
        #expect(Support.temporaries(in: dir).isEmpty, "one temporary file, put in place")
    }

    @Test("Live → Motion: the identifier and the Motion Photo from the HEIC as read")
    func liveToMotion() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0001.HEIC")
        let identifier = "6A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
        try HEICIdentifierWriter.prepare(sourcePath: still, targetPath: still, identifier: identifier, replaceForeignMakerNote: false).write.commit()
        let heic = try HEICLiveToMotionPhoto(stillPath: still)
        try Self.replace(still, in: dir)
        #expect(heic.identifierFacts?.contentIdentifier == identifier)
        let movie = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let samples = try #require(movie.movie.mainVideoTrack).sampleTable.sampleCount
        let target = dir.appendingPathComponent("IMG_0001.MP.HEIC").path
        try heic.prepare(targetPath: target, modeFrom: Support.fixture("still-heic.heic"), mp4: MovieFileImage(MovieRewritePlan(file: movie)),
                         timestampUs: 250_000, samples: samples).commit()
        let written = try HEICMotionPhoto.read(source: FileSource(path: target))
        #expect(written.presentationTimestampUs == 250_000)
        #expect(try HEICStill(file: written.still).contentIdentifier() == identifier)
        #expect(try HEICPairTests.itemBytes(HEICPairTests.heicFixture)[1] == written.still.itemBytes(1, maximum: Int.max), "the image item's bytes")
    }
}
