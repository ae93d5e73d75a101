import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// Every input the MovieEdit fuzzer once crashed on (`Fuzz/regressions/MovieEdit/`) goes
/// through the movie half of pairing again: refused with a `ParseError`, or written and re-read
/// with the identifier and one still-image-time track, never a trap.
@Suite("Fuzz regressions: movie edit")
struct MovieEditFuzzRegressionTests {
    static func inputs() -> [String] {
        let dir = Support.repoRoot.appendingPathComponent("Fuzz/regressions/MovieEdit")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    @Test("movie edit: refused with ParseError, or written and re-read with the identifier", arguments: inputs())
    func movieEdit(path: String) throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("paired.mov").path
        let identifier = "9A0E3A6B-7C1D-4E7F-8F5A-2B3C4D5E6F70"
        do {
            let file = try MovieFile.open(path: path)
            let plan = MovieRewritePlan(file: file)
            if !file.isQuickTime { plan.replacementFileType = MovieRewritePlan.quickTimeFileType() }
            _ = try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, atMillisecond: 500)
            try WholeFileMovieWriter.prepare(plan, targetPath: output).commit()
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
            return
        }
        let paired = try MovieFile.open(path: output)
        #expect(paired.movie.contentIdentifier == identifier)
        #expect(paired.movie.stillImageTimeTracks.count == 1)
    }
}
