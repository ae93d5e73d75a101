import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// The read-backs `convert` runs on what it wrote before giving it a name: the still of a
/// Motion → Live conversion (its length and identifier), and a Motion Photo of a Live → Motion
/// one (the video where written, the timestamp, every sample). Each difference is refused.
@Suite(.requires(.ffmpeg))
struct ConvertReadBackTests {
    @Test func motionToLiveStill() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try MotionPhotoToLivePhoto.run(path: dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path)
        let still = try #require(r.still), id = try #require(r.identifier)
        let length = UInt64(try Support.bytes(still).count)
        try MotionPhotoToLivePhoto.checkStill(still, identifier: id, length: length)
        let refusals: [(String, UInt64)] = [(id, length - 1), (id, length + 1), ("11111111-2222-3333-4444-555555555555", length)]
        for (identifier, stated) in refusals {
            let e = #expect(throws: ParseError.self) { try MotionPhotoToLivePhoto.checkStill(still, identifier: identifier, length: stated) }
            #expect(e?.message == "the written still does not read back with the identifier", "\(identifier), \(stated) bytes")
        }
    }

    @Test func liveToMotionPhoto() throws {
        let (dir, _) = try MotionPhotoFixtures.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path
        let photo = try MotionPhotoReader.read(path: path)
        let samples = try #require(try MovieFile(source: photo.videoSource()).movie.mainVideoTrack?.sampleTable.sampleCount)
        let us = try #require(photo.presentationTimestampUs)
        try JPEGLiveToMotionPhoto.checkWritten(path, video: photo.video, timestampUs: us, samples: samples)
        var later = photo.video; later.offset += 1
        var shorter = photo.video; shorter.length -= 1
        let refusals: [(MotionPhoto.ByteRange, Int64, UInt32)] = [(later, us, samples), (shorter, us, samples), (photo.video, us + 1, samples),
                                                                  (photo.video, us, samples + 1), (photo.video, us, samples - 1)]
        for (video, timestamp, count) in refusals {
            let e = #expect(throws: ParseError.self) { try JPEGLiveToMotionPhoto.checkWritten(path, video: video, timestampUs: timestamp, samples: count) }
            #expect(e?.message == "the written Motion Photo does not read back as written", "\(video), \(timestamp) µs, \(count) samples")
        }
    }
}
