import Foundation
import Testing
import TestSupport
@testable import livephoto

/// `pair` and `verify` given files take exactly two, STILL MOVIE: `InputMode.pairOrFolders`
/// checks that itself (not only `validate()` before it), so paths that became files since
/// `validate()` looked are refused as a usage error, never read past or partly used.
@Suite("pair/verify files: exactly STILL MOVIE, checked when the paths are taken")
struct PairArgumentsCheckTests {
    @Test("one file or three: refused, naming how many were given")
    func notTwoFilesRefused() throws {
        let dir = try TempDir()
        let files = try (1...3).map { try dir.write("f\($0).jpg", [0xFF, 0xD8, 0xFF]) }
        for count in [1, 3] {
            let error = #expect(throws: (any Error).self) { _ = try InputMode.pairOrFolders(Array(files.prefix(count))) }
            let text = error.map { String(describing: $0) } ?? ""
            #expect(text.contains("got \(count) file argument(s)"), "\(text)")
        }
    }

    @Test("two files: still and movie, in the order given")
    func twoFilesTaken() throws {
        let dir = try TempDir()
        let still = try dir.write("a.jpg", [0xFF, 0xD8, 0xFF]), movie = try dir.write("a.mov", [0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65])
        let pair = try InputMode.pairOrFolders([still, movie])
        #expect(pair?.still == still && pair?.movie == movie)
    }
}
