import Foundation
import Testing
import BinaryIO
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import ISOBMFF

/// A HEIF tail append runs once: planned, prepared, committed. One that failed to prepare or
/// was aborted is finished, and a later `prepare()` or `commit()` on it is a programming error
/// that stops the process, never a second write nor a commit reported as done.
@Suite("HEIF tail append: a finished write cannot be prepared or committed")
struct HEIFTailAppendWriteFinishedTests {
    /// The EXIF item of a copy of the HEIC fixture grown by 4 bytes, as a tail append (built in
    /// the process that uses it).
    static func growExif(_ path: String) throws -> HEIFTailAppendWrite {
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let old = try file.bytes(of: try #require(file.locations.item(exifID)))
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: old + [1, 2, 3, 4], allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        return try HEIFTailAppendWrite(edit)
    }

    @Test("commit after abort stops the process")
    func commitAfterAbortStops() async throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("still-heic.heic"), to: dir.url)
        await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
            let write = try HEIFTailAppendWriteFinishedTests.growExif(path)
            try write.prepare()
            write.abort()
            try write.commit()
        }
    }

    /// The append is made to fail by a file size limit at the file's own size (SIGXFSZ
    /// ignored: the write fails with EFBIG); the limit is lifted before the second prepare.
    @Test("prepare again after a prepare whose append failed stops the process",
          .disabled(if: ProcessInfo.processInfo.environment["LIVEPHOTO_SANITIZER"] == "thread", "ThreadSanitizer's runtime faults under RLIMIT_FSIZE"))
    func prepareAfterFailedAppendStops() async throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("still-heic.heic"), to: dir.url)
        await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
            let write = try HEIFTailAppendWriteFinishedTests.growExif(path)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            // The append itself must be what fails (not the open or the read before it), with EFBIG;
            // anything else ends the child with a plain exit, which fails the expectation.
            do {
                try FileSizeLimit.during(size) { try write.prepare() }
                exit(4)
            } catch let error as ParseError where error.errno == .fileTooLarge {
            } catch {
                exit(5)
            }
            try write.prepare()
        }
    }
}
