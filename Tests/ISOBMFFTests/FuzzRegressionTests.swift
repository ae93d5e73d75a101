import Foundation
import Testing
import BinaryIO
import ISOBMFF

/// Every input the fuzzers once crashed on (`Fuzz/regressions/<Target>/`, see README
/// "Fuzzing and sanitizers") goes through the same public API as its fuzz target again: it
/// must parse or be refused with a `ParseError`, never trap. (The movie edit's are in
/// LivePhotoKitTests' `MovieEditFuzzRegressionTests`: the Live Photo rules live there.)
@Suite("Fuzz regressions: box reader and HEIF reader")
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
