import Foundation
import Testing
import LivePhotoKit

/// `LivePhoto`, the library's public entry point, used as another program uses it (no
/// `@testable`): each function does what its command does, with its typed result.
@Suite("LivePhoto: the public API")
struct LivePhotoAPITests {
    @Test("pair, then verify, inspect and scan see one Live Photo under the identifier pair chose")
    func pairVerifyInspectScan() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_7.JPG")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_7.MOV")
        #expect(LivePhoto.scan([dir.path]).count(.candidate) == 1)
        let paired = try LivePhoto.pair(still: still, movie: movie)
        #expect(paired.status == .paired)
        #expect(try LivePhoto.verify(still: still, movie: movie, strict: true).valid)
        #expect(try LivePhoto.inspect(still).still?.contentIdentifier == paired.identifier)
        #expect(try LivePhoto.inspect(movie).movie?.contentIdentifier == paired.identifier)
        let scan = LivePhoto.scan([dir.path])
        #expect(scan.findings.map(\.finding) == [.paired])
        #expect(scan.findings.first?.identifier == paired.identifier)
        #expect(try LivePhoto.pair(still: still, movie: movie).status == .alreadyPaired)
    }

    @Test("make and convert through the API: a made pair verifies, and so does Live → Motion → Live")
    func makeAndConvert() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "CLIP.MOV")
        let made = try LivePhoto.make(movie: movie)
        #expect(try LivePhoto.verify(still: made.still, movie: made.movieOutput).valid)
        let motion = try LivePhoto.convert(still: made.still, movie: made.movieOutput)
        let motionPhoto = try #require(motion.motionPhoto)
        var options = ConvertOptions()
        options.outputDirectory = try Support.tempDir().path
        defer { try? FileManager.default.removeItem(atPath: options.outputDirectory ?? "") }
        let back = try LivePhoto.convert(motionPhoto: motionPhoto, options: options)
        #expect(back.status == .converted)
        let (still, backMovie) = (try #require(back.still), try #require(back.movie))
        #expect(try LivePhoto.verify(still: still, movie: backMovie).valid)
    }

    @Test("a missing file is a LivePhotoError naming it, with the command's exit code")
    func errors() throws {
        do {
            _ = try LivePhoto.inspect("/nonexistent/IMG_1.JPG")
            Issue.record("inspect of a missing file returned")
        } catch let error as LivePhotoError {
            #expect(error.path == "/nonexistent/IMG_1.JPG")
            #expect(error.category == .unreadable)
        }
    }
}
