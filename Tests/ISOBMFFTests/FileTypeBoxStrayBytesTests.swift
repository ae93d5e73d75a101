import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// An `ftyp` whose compatible brands are followed by 1 to 3 bytes too few for another brand is
/// read leniently: the whole brands are listed, the stray bytes ignored, nothing refused.
@Suite("ftyp: 1 to 3 stray bytes after the compatible brands are ignored")
struct FileTypeBoxStrayBytesTests {
    @Test("major qt, minor 0x200, brands qt and isom, then N stray bytes: read as those brands", arguments: 1...3)
    func strayBytesIgnored(_ stray: Int) throws {
        let dir = try TempDir()
        var payload = ByteWriter()
        payload.fourCC("qt  "); payload.u32(0x200); payload.fourCC("qt  "); payload.fourCC("isom")
        let bytes = Support.box("ftyp", payload.bytes + [UInt8](repeating: 0x61, count: stray)) + Support.box("free", [])
        let source = try FileSource(path: try dir.write("stray.mov", bytes))
        let read = try #require(try FileTypeBox.read(source, try TopLevelBoxes.scan(source)))
        #expect(read == FileTypeBox(majorBrand: "qt  ", minorVersion: 0x200, compatibleBrands: ["qt  ", "isom"]))
    }
}
