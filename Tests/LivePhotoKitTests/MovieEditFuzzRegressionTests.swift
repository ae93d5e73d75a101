import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// The MovieEdit fuzz target's inputs go through the movie half of pairing again: every input it
/// once crashed on (`Fuzz/regressions/MovieEdit/`) is refused with a `ParseError`, or written
/// and re-read with the identifier and one still-image-time track, never a trap; the seeds it
/// starts from (valid fixture movies) are written and re-read.
@Suite("Fuzz regressions: movie edit")
struct MovieEditFuzzRegressionTests {
    @Test("the target has seeds (the cases below are not empty)")
    func seedsExist() { #expect(!FuzzCase.seeds(target: "MovieEdit").isEmpty) }

    @Test("movie edit: a seed is written; a kept crash is refused with ParseError or written; what is written re-reads with the identifier",
          arguments: FuzzCase.cases(target: "MovieEdit"))
    func movieEdit(input: FuzzCase) throws {
        let path = input.path
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
        } catch let error as ParseError where input.kind == .regression {
            #expect(!error.description.isEmpty)
            return
        }
        let paired = try MovieFile.open(path: output)
        #expect(paired.movie.contentIdentifier == identifier)
        #expect(paired.movie.stillImageTimeTracks.count == 1)
    }
}
