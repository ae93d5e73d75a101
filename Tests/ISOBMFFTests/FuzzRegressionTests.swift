import Foundation
import Testing
import BinaryIO
import ISOBMFF

/// Every input the fuzzers once crashed on (`Fuzz/regressions/<Target>/`, see README
/// "Fuzzing and sanitizers") goes through the same public API as its fuzz target again: it
/// must parse or be refused with a `ParseError`, never trap.
@Suite("Fuzz regressions: box reader, movie edit and HEIF reader")
struct FuzzRegressionTests {
    static func inputs(_ target: String) -> [String] {
        let dir = Support.repoRoot.appendingPathComponent("Fuzz/regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    @Test("box reader: parses or throws ParseError", arguments: inputs("BoxReader"))
    func boxReader(path: String) throws {
        do {
            let file = try MovieFile.open(path: path)
            for track in file.movie.tracks where track.sampleTable.sampleCount > 0 {
                _ = try? file.sampleBytes(track: track, index: 0, maximum: 1 << 16)
            }
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
        }
    }

    @Test("movie edit: refused with ParseError, or written and re-read with the identifier", arguments: inputs("MovieEdit"))
    func movieEdit(path: String) throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("paired.mov").path
        let identifier = "9A0E3A6B-7C1D-4E7F-8F5A-2B3C4D5E6F70"
        do {
            let file = try MovieFile.open(path: path)
            let plan = MovieRewritePlan(file: file)
            if !file.isQuickTime { plan.replacementFileType = MovieRewritePlan.quickTimeFileType() }
            _ = try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, stillTime: 0.5)
            try WholeFileMovieWriter.prepare(plan, targetPath: output).commit()
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
            return
        }
        let paired = try MovieFile.open(path: output)
        #expect(paired.movie.contentIdentifier == identifier)
        #expect(paired.movie.stillImageTimeTracks.count == 1)
    }

    @Test("HEIF reader: parses or throws ParseError", arguments: inputs("HEIFReader"))
    func heifReader(path: String) throws {
        do {
            let file = try HEIFFile.open(path: path)
            for item in file.locations.items { _ = try? file.bytes(of: item, maximum: 1 << 20) }
            _ = try file.primaryDisplaySize()
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
        }
    }
}
