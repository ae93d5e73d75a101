import Foundation
import Testing
import BinaryIO
import StillImage

/// Every input the still-image fuzzer once crashed on (`Fuzz/regressions/StillImage/`, see
/// README "Fuzzing and sanitizers") goes through both reader entry points again: each must
/// read it or refuse it with a `ParseError`, never trap.
@Suite("Fuzz regressions: JPEG, EXIF and MakerNote reader")
struct FuzzRegressionTests {
    static let inputs: [String] = {
        let dir = TestFiles.repoRoot.appendingPathComponent("Fuzz/regressions/StillImage")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { dir.appendingPathComponent($0).path }
    }()

    @Test("still reader: reads or throws ParseError", arguments: inputs)
    func stillReader(path: String) throws {
        do {
            _ = try StillImageReader.read(path: path)
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
        }
        do {
            _ = try StillImageReader.contentIdentifier(path: path)
        } catch let error as ParseError {
            #expect(!error.description.isEmpty)
        }
    }
}
