import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// The video size `verify` compares the still with is the one a player shows: a track header
/// turned a quarter (90° or 270°) shows its width as height; turned 0° or 180°, as stored.
@Suite("verify: the displayed size of a turned video")
struct MovieVerifyFactsRotationTests {
    /// A copy of the moov-last fixture (320x240) whose video `tkhd` matrix turns it `degrees`.
    static func movie(turned degrees: Int, in dir: TempDir) throws -> String {
        let one: Int32 = 0x10000
        let rotation: [Int32] = switch degrees {
        case 90: [0, one, -one, 0]
        case 180: [-one, 0, 0, -one]
        case 270: [0, -one, one, 0]
        default: [one, 0, 0, one]
        }
        let path = try dir.write("movie.mov", try Support.bytes(Support.fixture("movie-moov-last.mov")))
        let file = try MovieFile.open(path: path)
        let tkhd = try #require(file.movie.videoTracks.first?.atom.child("tkhd"))
        var header = try TrackHeader(tkhd, path: "tkhd")
        (header.matrix[0], header.matrix[1], header.matrix[3], header.matrix[4]) = (rotation[0], rotation[1], rotation[2], rotation[3])
        tkhd.payload = header.atom().payload
        let bytes = Array(try Support.bytes(path)[..<Int(file.moovHeader.offset)]) + file.movie.moov.serialized()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("0° and 180°: 320x240; 90° and 270°: 240x320", arguments: [(0, 320.0, 240.0), (90, 240, 320), (180, 320, 240), (270, 240, 320)])
    func displayedSize(degrees: Int, width: Double, height: Double) throws {
        let dir = try TempDir()
        let file = try MovieFile.open(path: try Self.movie(turned: degrees, in: dir))
        #expect(file.movie.mainVideoTrack?.header.rotationDegrees == degrees)
        #expect(MovieVerifyFacts(file).videoSize == .init(width: width, height: height), "\(degrees)°")
    }
}
