import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport

/// The still-image fuzz target's inputs go through both reader entry points again: every input
/// it once crashed on (`Fuzz/regressions/StillImage/`, see README "Fuzzing and sanitizers") must
/// be read or refused with a `ParseError`, never trap; the seeds it starts from (valid fixture
/// JPEGs) must read, and both entry points agree on the identifier.
@Suite("Fuzz regressions: JPEG, EXIF and MakerNote reader")
struct FuzzRegressionTests {
    @Test("the target has seeds (the cases below are not empty)")
    func seedsExist() { #expect(!FuzzCase.seeds(target: "StillImage").isEmpty) }

    @Test("still reader: a seed reads; a kept crash reads or throws ParseError", arguments: FuzzCase.cases(target: "StillImage"))
    func stillReader(input: FuzzCase) throws {
        var read: String?? = nil
        do {
            read = .some(try StillImageReader.read(path: input.path).contentIdentifier)
        } catch let error as ParseError where input.kind == .regression {
            #expect(!error.description.isEmpty)
        }
        do {
            let fast = try StillImageReader.contentIdentifier(path: input.path)
            if let read { #expect(fast == read, "both entry points read the same identifier") }
        } catch let error as ParseError where input.kind == .regression {
            #expect(!error.description.isEmpty)
        }
    }
}
