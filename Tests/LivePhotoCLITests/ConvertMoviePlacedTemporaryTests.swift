import Foundation
import Testing
import BinaryIO

/// `convert` places its movie by a hard link and removes the movie's temporary name at once,
/// before the still is placed: a kill right after the movie is placed leaves only the still's
/// temporary file beside the outputs (which the rerun removes), never the movie's.
@Suite("safety: convert killed with the movie placed leaves only the still's temporary", .requires(.python3))
struct ConvertMoviePlacedTemporaryTests {
    @Test("SIGKILL at convert-movie-placed: the movie under its name, one temporary file, the still's")
    func onlyTheStillsTemporaryIsLeft() throws {
        let (dir, input) = try ConvertKillTests.input()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let killed = try SafetyTests.livephoto(["convert", "-q", "--id", SafetyTests.fixedID, "-o", out.path, input],
                                               env: ["LIVEPHOTO_FAULT_AT": WriteStep.convertMoviePlaced.rawValue])
        #expect(killed.signalled)
        #expect(ConvertKillTests.outputs(out).filter { !$0.hasPrefix(".") } == ["PXL_20240101_120000000.MOV"])
        let left = SafetyTests.temporaries(out)
        #expect(left.count == 1 && left.allSatisfy { $0.hasPrefix(".PXL_20240101_120000000.jpg.livephoto-") }, "\(left)")
    }
}
