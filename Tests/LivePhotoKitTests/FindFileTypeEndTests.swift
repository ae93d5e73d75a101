import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// The search for a Motion Photo's `ftyp` moves on window by window to the end of the file:
/// a search that finds nothing ends with nil, whatever the file's length against the window.
/// Run under a deadline (`WorkerPoolEndTests.finishes`), so a search that re-reads the same
/// window fails the test instead of hanging the suite.
@Suite("MotionPhotoReader.findFileType: a search that finds nothing ends, with nil")
struct FindFileTypeEndTests {
    /// One short window, exactly one window (65,536 + 3 bytes read at once) and a little over two.
    @Test("bytes without a header, searched from 0: the search ends and finds nothing", arguments: [100, 65_539, 140_000])
    func nothingFoundEnds(size: Int) throws {
        let dir = try TempDir()
        let path = try dir.write("no-video.bin", [UInt8](repeating: 0xAB, count: size))
        let source = try FileSource(path: path)
        let out = WorkerPoolEndTests.Box<Result<UInt64?, any Error>?>(nil)
        let ended = WorkerPoolEndTests.finishes(within: 30) {
            let r = Result { try MotionPhotoReader.findFileType(source, from: 0) }
            out.update { $0 = r }
        }
        #expect(ended, "the search of \(size) bytes did not end")
        let result = try #require(out.value)
        #expect(try result.get() == nil)
    }

    @Test("a header in the second window, past a first window of nothing: found at its offset")
    func foundInTheSecondWindow() throws {
        let dir = try TempDir()
        var bytes = [UInt8](repeating: 0xAB, count: 100_000)
        bytes.replaceSubrange(70_000..<70_008, with: [0, 0, 0, 0x18] + Array("ftyp".utf8))
        let path = try dir.write("late-video.bin", bytes)
        let source = try FileSource(path: path)
        let out = WorkerPoolEndTests.Box<Result<UInt64?, any Error>?>(nil)
        let ended = WorkerPoolEndTests.finishes(within: 30) {
            let r = Result { try MotionPhotoReader.findFileType(source, from: 0) }
            out.update { $0 = r }
        }
        #expect(ended, "the search did not end")
        let result = try #require(out.value)
        #expect(try result.get() == 70_000)
    }
}
