import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A tail append that was aborted is finished: its appended bytes are cut, and a commit after
/// that (which would retire the old `moov` in favour of one no longer there) stops the process
/// instead of returning as if the movie were edited.
@Suite("tail append: an aborted write cannot be committed")
struct TailAppendAbortedCommitTests {
    @Test("abort cuts the append back to the original bytes")
    func abortRestores() throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url)
        let original = try Support.bytes(path)
        let write = try TailAppendMovieWrite(MovieRewritePlan(file: try MovieFile.open(path: path)))
        try write.prepare()
        #expect(try Support.bytes(path).count > original.count)
        write.abort()
        #expect(try Support.bytes(path) == original)
    }

    @Test("commit after abort stops the process")
    func commitAfterAbortStops() async throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url)
        await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
            let write = try TailAppendMovieWrite(MovieRewritePlan(file: try MovieFile.open(path: path)))
            try write.prepare()
            write.abort()
            try write.commit()
        }
    }
}
