import Foundation
import Testing
import BinaryIO
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import LivePhotoKit

/// `pair DIR` puts back what killed runs left, one file at a time in path order, whatever order
/// the scan found them in: two names of one file, each with a journal over the same bytes,
/// end with the later path's old bytes (its journal is undone last).
@Suite("pair DIR: interrupted edits undone in path order")
struct JournalRecoveryOrderTests {
    @Test("two links to one movie, each with a journal over bytes 64..<68: a's undone first, then b's")
    func undoneInPathOrder() throws {
        let dir = try TempDir()
        let a = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "a.MOV")
        let b = dir.path("b.MOV")
        try #require(link(a, b) == 0)
        let size = UInt64(try Support.bytes(a).count)
        _ = try OverwriteJournal(target: a, offset: 64, oldBytes: [1, 1, 1, 1], fileSize: size)
        _ = try OverwriteJournal(target: b, offset: 64, oldBytes: [2, 2, 2, 2], fileSize: size)
        let (_, outcomes) = BatchOperations.pair(roots: [dir.url.path], options: PairOptions(), jobs: 1)
        #expect(outcomes.allSatisfy { $0.status != .failed }, "\(outcomes.map(\.status))")
        #expect(Array(try Support.bytes(a)[64..<68]) == [2, 2, 2, 2])
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: a)))
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: b)))
    }
}
