import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport

/// The box reader and HEIF reader fuzz targets' inputs go through the same public API as the
/// targets again: every input the fuzzers once crashed on (`Fuzz/regressions/<Target>/`, see
/// README "Fuzzing and sanitizers") must parse or be refused with a `ParseError`, never trap;
/// the seeds they start from (valid fixtures) must parse. (The movie edit's are in
/// LivePhotoKitTests' `MovieEditFuzzRegressionTests`: the Live Photo rules live there.)
@Suite("Fuzz regressions: box reader and HEIF reader")
struct FuzzRegressionTests {
    @Test("the targets have seeds (the cases below are not empty)")
    func seedsExist() {
        #expect(!FuzzCase.seeds(target: "BoxReader").isEmpty)
        #expect(!FuzzCase.seeds(target: "HEIFReader").isEmpty)
    }

    @Test("box reader: a seed parses; a kept crash parses or throws ParseError", arguments: FuzzCase.cases(target: "BoxReader"))
    func boxReader(input: FuzzCase) throws {
        do {
            let file = try MovieFile.open(path: input.path)
            #expect(input.kind == .regression || !file.movie.tracks.isEmpty, "a seed has tracks")
            for track in file.movie.tracks where track.sampleTable.sampleCount > 0 {
                let sample = try? file.sampleBytes(track: track, index: 0, maximum: 1 << 16)
                #expect(input.kind == .regression || sample != nil, "a seed's first sample of track \(track.trackID) reads")
            }
        } catch let error as ParseError where input.kind == .regression {
            #expect(!error.description.isEmpty)
        }
    }

    @Test("HEIF reader: a seed parses; a kept crash parses or throws ParseError", arguments: FuzzCase.cases(target: "HEIFReader"))
    func heifReader(input: FuzzCase) throws {
        do {
            let file = try HEIFFile.open(path: input.path)
            for item in file.locations.items {
                let bytes = try? file.bytes(of: item, maximum: 1 << 20)
                #expect(input.kind == .regression || bytes != nil, "a seed's item \(item.itemID) reads")
            }
            _ = try file.primaryDisplaySize()
        } catch let error as ParseError where input.kind == .regression {
            #expect(!error.description.isEmpty)
        }
    }
}
