import Foundation
import Testing
import ISOBMFF
import TestSupport

/// `pair --wallpaper` is the ordinary pair plus the camera's structure: a camera movie that
/// already carries an identifier other than the one asked for gets the new one in `moov/meta`,
/// whether its still-image-time track is replaced (a stripped movie) or kept (the camera's own).
@Suite("pair --wallpaper writes the identifier asked for into a camera movie that carries another")
struct WallpaperPairIdentifierCLITests {
    static let newID = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

    @Test("--id on a stripped camera movie and on the camera movie as it is: the movie says the new id, verify passes",
          .requires(.corpusFile(WallpaperCLITests.cameraMovies[0])), arguments: [true, false])
    func newIdentifierWritten(stripped: Bool) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let relative = WallpaperCLITests.cameraMovies[0]
        let movie = stripped ? try WallpaperCLITests.stripped(relative, in: dir)
                             : try Support.copy(Support.corpusFile(relative), to: dir, as: "IMG_1.MOV")
        try #require(chmod(movie, 0o644) == 0)
        let before = try #require(try MovieFile.open(path: movie).movie.contentIdentifier)
        try #require(before != Self.newID)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_1.JPG")
        let run = try CLITests.livephoto("pair", "--wallpaper", "--id", Self.newID, still, movie)
        #expect(run.status == 0, "\(run.err)")
        #expect(try MovieFile.open(path: movie).movie.contentIdentifier == Self.newID)
        #expect(try CLITests.livephoto("verify", "--wallpaper", still, movie).status == 0)
    }
}
