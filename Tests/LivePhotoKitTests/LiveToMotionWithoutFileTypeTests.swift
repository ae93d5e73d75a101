import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// A QuickTime movie need not start with `ftyp` (older QuickTime files have none). The MP4 that
/// Live → Motion embeds must: it gets an ISO `ftyp` first, and the rest is the movie's.
@Suite(.requires(.python3))
struct LiveToMotionWithoutFileTypeTests {
    @Test func theEmbeddedMP4StartsWithAnISOFileType() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_0004.JPG")
        let movie = dir.appendingPathComponent("IMG_0004.MOV").path
        var bytes = try Support.bytes(Support.fixture("movie-audio.mov"))
        #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
        bytes.replaceSubrange(4..<8, with: Array("free".utf8))   // same size: no offset moves
        try Data(bytes).write(to: URL(fileURLWithPath: movie))
        #expect(try MovieFile.open(path: movie).topLevel.first("ftyp") == nil)
        _ = try PairOperation.run(still: still, movie: movie)

        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        let photo = try MotionPhotoReader.read(path: try #require(r.motionPhoto))
        let video = try photo.videoSource()
        let mp4 = try MovieFile(source: video)
        let boxes = mp4.topLevel.boxes.map(\.type)
        #expect(boxes.first == "ftyp" && boxes.filter { $0 == "ftyp" }.count == 1, "\(boxes)")
        #expect(try FileTypeBox.read(video, mp4.topLevel)?.majorBrand == "isom")
        let path = dir.appendingPathComponent("embedded.mp4").path
        try Data(try video.read(at: 0, count: Int(video.size))).write(to: URL(fileURLWithPath: path))
        #expect(try Support.sampleBytes(path) == Support.sampleBytes(movie, tracks: Set(try Support.sampleBytes(path).keys)))
    }
}
