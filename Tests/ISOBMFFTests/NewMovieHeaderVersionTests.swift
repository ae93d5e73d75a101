import Testing
import BinaryIO
@testable import ISOBMFF

/// A movie we build (`make --wallpaper`) gets the `mvhd` every camera movie in the corpus has:
/// version 0, 108 bytes, 32-bit times. Version 1 (64-bit fields, 120 bytes) only when the
/// duration does not fit 32 bits.
@Suite("a new mvhd: the camera's version 0 form while the duration fits 32 bits")
struct NewMovieHeaderVersionTests {
    @Test("timescale 600, 1800 ticks: version 0, 108 bytes, the fields at their version 0 places")
    func version0WhileItFits() throws {
        let bytes = MovieHeader(timescale: 600, duration: 1800, nextTrackID: 6).atom().serialized()
        #expect(bytes.count == 108)
        #expect(Array(bytes[0..<8]) == [0, 0, 0, 108] + Array("mvhd".utf8))
        #expect(Array(bytes[8..<12]) == [0, 0, 0, 0], "version 0, flags 0")
        // creation 0, modification 0, timescale 600, duration 1800: 32 bits each.
        #expect(Array(bytes[12..<28]) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x58, 0, 0, 0x07, 0x08])
        #expect(Array(bytes[104..<108]) == [0, 0, 0, 6], "next track ID last")
    }

    @Test("the boundary: UInt32.max ticks is still version 0; one more takes version 1 and reads back")
    func version1OnlyPast32Bits() throws {
        #expect(MovieHeader(timescale: 600, duration: UInt64(UInt32.max), nextTrackID: 2).atom().serialized()[8] == 0)
        let long = MovieHeader(timescale: 600, duration: UInt64(UInt32.max) + 1, nextTrackID: 2)
        let bytes = long.atom().serialized()
        #expect(bytes.count == 120 && bytes[8] == 1)
        #expect(try MovieHeader(long.atom(), path: "mvhd").duration == UInt64(UInt32.max) + 1)
    }

    static let cameraMovies = ["iphone-livephoto-ios18/IMG_3853.MOV", "iphone-movie/iphone15-livephoto.MOV"]

    @Test("the camera's own mvhd has that form", .requires(.corpusFile(cameraMovies[0]), .corpusFile(cameraMovies[1])), arguments: cameraMovies)
    func cameraUsesVersion0(_ relative: String) throws {
        let file = try MovieFile.open(path: Support.corpusFile(relative))
        let camera = file.movie.header
        #expect(camera.version == 0)
        let ours = MovieHeader(timescale: camera.timescale, duration: camera.duration, nextTrackID: camera.nextTrackID)
        #expect(ours.version == camera.version)
        #expect(ours.atom().serialized().count == 108)
    }
}
