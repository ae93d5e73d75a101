import Testing
import BinaryIO
@testable import StillImage

/// The read-back of a JPEG `pair` wrote, before it replaces the original: the structure must
/// parse, the scan data be exactly as long as before, and tag 17 hold the identifier; each
/// missing is refused with its message.
@Suite("JPEG read-back: scan length, EXIF and identifier each checked")
struct StillReadBackTests {
    static let id = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"

    @Test func eachConditionRefused() throws {
        let dir = try TempDir()
        let writer = try StillIdentifierWriter.prepare(sourcePath: TestFiles.fixture("still-exif-icc-xmp.jpg"), targetPath: dir.path("o.jpg"),
                                                       identifier: Self.id, replaceForeignMakerNote: true)
        try writer.commit()
        let written = dir.path("o.jpg")
        let source = try FileSource(path: written)
        let scan = source.size - (try JPEGStructure.read(source)).scanStart
        try StillIdentifierWriter.verifyWritten(written, identifier: Self.id, scanBytes: scan)

        for wrong in [scan - 1, scan + 1] {
            let e = #expect(throws: ParseError.self) { try StillIdentifierWriter.verifyWritten(written, identifier: Self.id, scanBytes: wrong) }
            #expect(e?.message == "the written file does not read back as expected", "scan of \(wrong) bytes")
        }
        let other = #expect(throws: ParseError.self) {
            try StillIdentifierWriter.verifyWritten(written, identifier: "C0FFEE00-1234-4ABC-8DEF-0123456789AC", scanBytes: scan)
        }
        #expect(other?.message == "the written file's MakerNote does not hold the identifier")

        // No EXIF at all: refused though the scan is as long.
        let bare = TestFiles.fixture("still-no-exif.jpg")
        let bareSource = try FileSource(path: bare)
        let bareScan = bareSource.size - (try JPEGStructure.read(bareSource)).scanStart
        let none = #expect(throws: ParseError.self) { try StillIdentifierWriter.verifyWritten(bare, identifier: Self.id, scanBytes: bareScan) }
        #expect(none?.message == "the written file does not read back as expected")
    }
}
