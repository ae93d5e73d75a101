import Testing
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// Telling a file's kind costs one read of its first 16 bytes (the longest rule looks at 12):
/// a folder scan detects every file it opens, and a source that prefetched its head pays for
/// no read at all.
@Suite("FileKind: the kind is told from a read of the first 16 bytes, no more")
struct FileKindHeadReadTests {
    @Test("each fixture kind: detect reads exactly 16 bytes", arguments: [
        ("still-no-exif.jpg", FileKind.jpeg), ("still-heic.heic", .heic), ("movie-moov-last.mov", .quickTimeMovie), ("movie-mp4.mp4", .mp4Movie),
    ])
    func readsSixteenBytes(name: String, kind: FileKind) throws {
        let source = try FileSource(path: Support.fixture(name))
        try #require(source.size > 16 && source.bytesRead == 0)
        #expect(try FileKind.detect(source) == kind)
        #expect(source.bytesRead == 16, "\(name)")
    }

    @Test("a source that prefetched 16 bytes reads nothing more to tell the kind")
    func prefetchedHeadSuffices() throws {
        let source = try FileSource(path: Support.fixture("still-heic.heic"), prefetch: 16)
        #expect(source.bytesRead == 16)
        #expect(try FileKind.detect(source) == .heic)
        #expect(source.bytesRead == 16)
    }

    @Test("a file shorter than 16 bytes is read whole, once")
    func shortFile() throws {
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("short", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16]))
        #expect(try FileKind.detect(source) == .jpeg)
        #expect(source.bytesRead == 6)
    }
}
