import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// An in-place `moov` growth whose `prepare()` failed (the file changed size since it was
/// read) is finished: preparing it again is a programming error that stops the process, even
/// once the file is back to its size, never a journal written for a plan no longer trusted.
@Suite("in-place moov growth: prepare after a failed prepare stops the process")
struct InPlaceMoovGrowthFailedPrepareTests {
    @Test("the file grew by a byte, prepare failed, the byte is cut again: a second prepare stops")
    func secondPrepareStops() async throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir.url)
        await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
            let growth = try #require(try InPlaceMoovGrowth.fitting(MovieRewritePlan(file: try MovieFile.open(path: path))))
            let handle = try #require(FileHandle(forUpdatingAtPath: path))
            let size = try handle.seekToEnd()
            try handle.write(contentsOf: Data([0]))
            // The size check must be what refuses it; anything else ends the child with a plain
            // exit, which fails the expectation.
            do {
                try growth.prepare()
                exit(4)
            } catch let error as ParseError where error.message == "file changed while pairing" {
            } catch {
                exit(5)
            }
            try handle.truncate(atOffset: size)
            try handle.close()
            try growth.prepare()
        }
    }
}
