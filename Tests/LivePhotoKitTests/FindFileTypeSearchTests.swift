import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// The search for a Motion Photo's `ftyp` moves on window by window to the end of the file,
/// reading the bytes after its start once plus the 3 bytes each window shares with the next (a
/// header cut by a window's end): a search that finds nothing ends with nil and reads nothing
/// past the end. Run under a deadline (`WorkerPoolEndTests.finishes`), so a search that re-reads
/// the same window fails the test instead of hanging the suite.
@Suite("MotionPhotoReader.findFileType: the search ends, reads each byte once, finds a late header")
struct FindFileTypeSearchTests {
    /// The search from `start` in `bytes`, or nil when it did not end within 30 s.
    static func search(_ bytes: [UInt8], from start: Int = 0) throws -> (found: UInt64?, bytesRead: UInt64)? {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("search.bin", bytes))
        let out = WorkerPoolEndTests.Box<Result<UInt64?, any Error>?>(nil)
        let ended = WorkerPoolEndTests.finishes(within: 30) {
            let r = Result { try MotionPhotoReader.findFileType(source, from: UInt64(start)) }
            out.update { $0 = r }
        }
        guard ended, let result = out.value else { return nil }
        return (try result.get(), source.bytesRead)
    }

    /// One short window, exactly one window (65,536 + 3 bytes read at once) and a little over two.
    @Test("bytes without a header, searched from 0: the search ends and finds nothing", arguments: [100, 65_539, 140_000])
    func nothingFoundEnds(size: Int) throws {
        let searched = try #require(try Self.search([UInt8](repeating: 0xAB, count: size)), "the search of \(size) bytes did not end")
        #expect(searched.found == nil)
    }

    @Test("100 bytes without a header, searched from 0, 40 or 96: nil, at most 3 bytes read twice", arguments: [0, 40, 96])
    func nothingFoundReadsOnce(start: Int) throws {
        let searched = try #require(try Self.search([UInt8](repeating: 0xAB, count: 100), from: start))
        #expect(searched.found == nil)
        #expect(searched.bytesRead <= UInt64(100 - start + 3), "read \(searched.bytesRead) bytes of the \(100 - start) after \(start)")
    }

    @Test("a header in the second window, past a first window of nothing: found at its offset")
    func foundInTheSecondWindow() throws {
        var bytes = [UInt8](repeating: 0xAB, count: 100_000)
        bytes.replaceSubrange(70_000..<70_008, with: [0, 0, 0, 0x18] + Array("ftyp".utf8))
        let searched = try #require(try Self.search(bytes), "the search did not end")
        #expect(searched.found == 70_000)
    }
}
