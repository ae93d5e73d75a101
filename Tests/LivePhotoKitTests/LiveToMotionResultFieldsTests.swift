import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// What `convert STILL MOVIE` reports of a Live Photo it made a Motion Photo of: both inputs,
/// the output, and the pair's content identifier (the still's, which the movie shares).
@Suite("Live → Motion: the result names both inputs and the pair's identifier")
struct LiveToMotionResultFieldsTests {
    @Test("a paired JPEG and movie: input, inputMovie, motionPhoto and identifier as given and paired")
    func resultFields() throws {
        let (dir, still, movie, paired) = try MotionPhotoFixtures.pairedCopies(still: Support.fixture("still-exif-icc-xmp.jpg"), stillName: "IMG_0001.JPG")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        #expect(r.status == .converted && r.direction == .liveToMotion)
        #expect(r.input == still)
        #expect(r.inputMovie == movie)
        #expect(r.motionPhoto == dir.appendingPathComponent("IMG_0001.MP.jpg").path)
        #expect(r.identifier == paired.identifier)
    }
}
