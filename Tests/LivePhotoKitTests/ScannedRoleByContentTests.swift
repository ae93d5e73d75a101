import Foundation
import Testing
@testable import LivePhotoKit

/// A file's extension only says what to expect: exports rename files (a JPEG still named
/// `.MOV`, a movie named `.JPG`), so the content decides whether it is the still or the movie
/// of a pair.
@Suite("scan: a file's role follows its content, not its extension")
struct ScannedRoleByContentTests {
    @Test("a JPEG named .MOV is read as a still, a movie named .JPG as a movie")
    func roleFromContent() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = dir.appendingPathComponent("IMG_0001.MOV").path, movie = dir.appendingPathComponent("IMG_0002.JPG").path
        try FileManager.default.copyItem(atPath: Support.fixture("still-apple-makernote.jpg"), toPath: still)
        try FileManager.default.copyItem(atPath: Support.fixture("movie-moov-last.mov"), toPath: movie)
        let readStill = ScannedFile.read(path: still, role: .movie), readMovie = ScannedFile.read(path: movie, role: .still)
        #expect(readStill.error == nil && readStill.format == .jpeg && readStill.role == .still)
        #expect(readMovie.error == nil && readMovie.role == .movie)
        #expect(readStill.identifier != nil, "the still's identifier is read as a still's")
    }
}
