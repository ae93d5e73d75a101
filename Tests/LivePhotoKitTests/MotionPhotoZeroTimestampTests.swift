import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// A presentation timestamp of 0 µs is a time like any other (the first frame's start, what
/// Pixel 3a writes whatever the still's moment): the Motion Photo's presentation time is then
/// 0 s, not "none given" (only a negative timestamp, -1, means none).
@Suite("Motion Photo presentation time: a timestamp of 0 is 0 s")
struct MotionPhotoZeroTimestampTests {
    @Test("a Live Photo paired at frame 0 converts to a Motion Photo whose timestamp 0 reads as 0 s")
    func zeroIsATime() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_0001.JPG")
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_0001.MOV")
        var pair = PairOptions()
        pair.stillTime = .frame(0)
        _ = try PairOperation.run(still: still, movie: movie, options: pair)
        let motion = try #require(try LivePhotoToMotionPhoto.run(still: still, movie: movie).motionPhoto)
        let photo = try MotionPhotoReader.read(path: motion)
        try #require(photo.presentationTimestampUs == 0, "the still is the first frame, at 0 µs")
        #expect(photo.presentationTime == 0)
    }
}
