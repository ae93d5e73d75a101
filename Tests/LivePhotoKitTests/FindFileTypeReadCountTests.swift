import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// The search for a Motion Photo's `ftyp` reads the bytes after its start once, plus the 3
/// bytes each window shares with the next (a header cut by a window's end): a search that
/// finds nothing costs no reads past the end of the file.
@Suite("MotionPhotoReader.findFileType: a search that finds nothing reads each byte once, plus the windows' overlap")
struct FindFileTypeReadCountTests {
    @Test("100 bytes without a header, searched from 0, 40 or 96: nil, at most 3 bytes read twice", arguments: [0, 40, 96])
    func nothingFoundReadsOnce(start: Int) throws {
        let dir = try TempDir()
        let path = try dir.write("no-video.bin", [UInt8](repeating: 0xAB, count: 100))
        let source = try FileSource(path: path)
        #expect(try MotionPhotoReader.findFileType(source, from: UInt64(start)) == nil)
        #expect(source.bytesRead <= UInt64(100 - start + 3), "read \(source.bytesRead) bytes of the \(100 - start) after \(start)")
    }
}
