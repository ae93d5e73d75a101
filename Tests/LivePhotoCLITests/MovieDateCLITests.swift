import Foundation
import Testing
import ISOBMFF
import TestSupport

/// `pair` on an undated movie: `--json` carries `movieDate`, the text says what was (or would be) written.
@Suite("pair: the movie date in JSON and text")
struct MovieDateCLITests {
    /// A copy of movie-moov-last.mov with every mvhd/tkhd/mdhd creation and modification time zeroed.
    static func undatedMovie(in dir: URL) throws -> String {
        let path = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_5.MOV")
        var bytes = try Support.bytes(path)
        let movie = try MovieFile.open(path: path).movie
        var boxes = movie.moov.children?.filter { $0.type == "mvhd" } ?? []
        for track in movie.tracks { boxes += [track.atom.child("tkhd"), track.atom.find("mdia", "mdhd")].compactMap { $0 } }
        for box in boxes {
            let payload = Int(try #require(box.originalOffset)) + 8
            let width = bytes[payload] == 1 ? 8 : 4
            for i in (payload + 4)..<(payload + 4 + 2 * width) { bytes[i] = 0 }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("--dry-run --json and text name the date; the real run writes it")
    func movieDateOutput() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedMovie(in: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "IMG_5.JPG")
        let dry = try CLITests.livephoto("pair", "--json", "--dry-run", still, movie)
        #expect(dry.status == 0, "\(dry.err)")
        let planned = try JSONOutputTests.object(dry.out)
        let date = try #require(planned["movieDate"] as? [String: Any])
        #expect(Set(date.keys) == ["creationDate", "headerTimes", "source"])
        #expect(date["creationDate"] as? String == "2024-01-02T03:04:05+0100" && date["headerTimes"] as? String == "2024-01-02T02:04:05+0000")
        #expect(date["source"] as? String == "exif")
        let text = try CLITests.livephoto("pair", "--dry-run", still, movie).out
        #expect(text.contains("movie date: would write 2024-01-02T03:04:05+0100 (from the still's EXIF)"), "\(text)")
        #expect(try MovieFile.open(path: movie).movie.creationDate == nil)

        let written = try CLITests.livephoto("pair", still, movie)
        #expect(written.status == 0 && written.out.contains("movie date: wrote 2024-01-02T03:04:05+0100"), "\(written.out)")
        #expect(try MovieFile.open(path: movie).movie.creationDate == "2024-01-02T03:04:05+0100")
    }

    @Test("an already-paired Live Photo without a movie date: text and JSON say already paired and the date (would be) written; pair DIR too")
    func alreadyPairedDate() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedMovie(in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_5.JPG")
        #expect(try CLITests.livephoto("pair", "-q", still, movie).status == 0)   // no time to give: paired, undated
        _ = try Support.write(Array(#"{"title":"IMG_5.JPG","photoTakenTime":{"timestamp":"1685620800"}}"#.utf8), in: dir, name: "IMG_5.JPG.json")

        let dry = try CLITests.livephoto("pair", "--dry-run", still, movie).out
        #expect(dry.hasPrefix("already paired: ") && dry.contains("movie date: would write 2023-06-01T12:00:00+0000 (from ")
                && dry.contains("would write: \(movie) (tail-append)") && !dry.contains("would write: \(still)"), "\(dry)")
        let json = try JSONOutputTests.object(try CLITests.livephoto("pair", "--json", "--dry-run", still, movie).out)
        #expect(json["status"] as? String == "already-paired" && (json["movieDate"] as? [String: Any])?["creationDate"] as? String == "2023-06-01T12:00:00+0000")
        #expect(try MovieFile.open(path: movie).movie.creationDate == nil)

        let scan = try CLITests.livephoto("scan", dir.path)
        #expect(scan.err.contains("next: livephoto pair \(dir.path)   (gives 1 Live Photo movie without a date the still's)"), "\(scan.err)")
        let folder = try CLITests.livephoto("pair", dir.path)
        #expect(folder.status == 0 && folder.out.contains("already-paired \(still) + \(movie)") && folder.out.contains("movie date wrote 2023-06-01T12:00:00+0000"),
                "\(folder.out)")
        #expect(try MovieFile.open(path: movie).movie.creationDate == "2023-06-01T12:00:00+0000")
        let again = try CLITests.livephoto("pair", still, movie).out
        #expect(again.hasPrefix("already paired: ") && !again.contains("movie date") && !again.contains("wrote"), "\(again)")
    }
}
