import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit
import TestSupport

@Suite("the main video track")
struct MainVideoTrackTests {
    @Test("Pixel 3a: the 18-frame motion track, not the enabled one-frame 2048x1536 track after it",
          .requires(.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg")))
    func pixelMotionTrack() throws {
        let photo = try MotionPhotoReader.read(source: FileSource(path: Support.corpusFile("pixel-motion/PXL_20200710_061629144.MP.jpg")))
        let movie = try MovieFile(source: photo.videoSource()).movie
        #expect(movie.videoTracks.count == 2)
        let main = try #require(movie.mainVideoTrack)
        #expect(main.sampleTable.sampleCount == 18 && main.sampleEntries.first?.width == 1024)
    }

    @Test("camera movies: their one video track", .requires(.corpus))
    func cameraMovies() throws {
        for path in Support.corpusFiles(["iphone-movie/iphone15-livephoto.MOV", "iphone-livephoto-ios18/IMG_3853.MOV", "avfoundation-pair/IMG.MOV"]) {
            let movie = try MovieFile.open(path: path).movie
            #expect(movie.mainVideoTrack?.trackID == movie.videoTracks.first?.trackID, "\(path)")
        }
    }
}
