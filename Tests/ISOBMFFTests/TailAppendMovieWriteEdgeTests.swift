import Foundation
import Testing
import BinaryIO
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import ISOBMFF

/// A movie tail edit at its edges: a last box that runs to the end of the file can take the
/// tail edit when its length still fits the 32-bit size field (2^32 - 1 bytes, not one more);
/// an append that fails part way is cut back, leaving the original bytes.
@Suite("tail append: a size-0 last box at the 32-bit bound; an append that fails part way")
struct TailAppendMovieWriteEdgeTests {
    @Test("a size-0 last mdat of 2^32 - 1 bytes applies; one of 2^32 does not (sparse files)")
    func sizeZeroLastBoxAtTheBound() throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir.url, as: "size0.mov")
        var bytes = try Support.bytes(path)
        let mdat = try #require(try TopLevelBoxes.scan(FileSource(path: path)).boxes.last)
        try #require(mdat.type == "mdat" && mdat.end == UInt64(bytes.count) && mdat.headerSize == 8)
        bytes.replaceSubrange(Int(mdat.offset)..<Int(mdat.offset) + 4, with: [0, 0, 0, 0])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for (length, applies) in [(UInt64(UInt32.max), true), (UInt64(UInt32.max) + 1, false)] {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: mdat.offset + length)
            try handle.close()
            let file = try MovieFile.open(path: path)
            let last = try #require(file.topLevel.boxes.last)
            try #require(last.type == "mdat" && last.runsToEnd && last.size == length)
            #expect(TailAppendMovieWrite.applies(to: file) == applies, "a size-0 mdat of \(length) bytes")
        }
    }

    /// The append is made to fail by a file size limit 20 bytes above the file's size
    /// (SIGXFSZ ignored): the first write stops there and the next fails with EFBIG.
    @Test("an append cut short by EFBIG: prepare throws the disk's error and the file is byte for byte as before",
          .disabled(if: ProcessInfo.processInfo.environment["LIVEPHOTO_SANITIZER"] == "thread", "ThreadSanitizer's runtime faults under RLIMIT_FSIZE"))
    func appendFailingPartWayIsCutBack() async throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url)
        await #expect(processExitsWith: .success) { [path = path as String] in
            let original = try Support.bytes(path)
            let write = try TailAppendMovieWrite(MovieRewritePlan(file: try MovieFile.open(path: path)))
            do {
                try FileSizeLimit.during(original.count + 20) { try write.prepare() }
                exit(4)
            } catch let error as ParseError where error.errno == .fileTooLarge {
            } catch {
                exit(5)
            }
            if try Support.bytes(path) != original { exit(6) }
        }
    }
}
