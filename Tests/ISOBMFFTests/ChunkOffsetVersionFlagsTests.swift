import Testing
import BinaryIO
@testable import ISOBMFF

/// `stco`/`co64` keep their FullBox version and flags as stored, whatever they are: the version
/// byte and the 24 flag bits come back in their own places.
@Suite("chunk offset tables: version and flags kept as stored")
struct ChunkOffsetVersionFlagsTests {
    @Test("version/flags bytes are read into their places and written back byte for byte",
          arguments: [[UInt8(1), 0, 0, 2], [0, 0, 0, 1], [0xFF, 0x12, 0x34, 0x56], [2, 0x80, 0, 0]])
    func keptAsStored(versionFlags: [UInt8]) throws {
        for type: FourCC in ["stco", "co64"] {
            var w = ByteWriter()
            w.append(versionFlags); w.u32(2)
            if type == "co64" { w.u64(36); w.u64(0x1_0000_0000) } else { w.u32(36); w.u32(0xFFFF_FFFF) }
            let table = try ChunkOffsetTable(try Support.parseAtom(Support.box(type, w.bytes)), path: "\(type)")
            let expected = UInt32(versionFlags[0]) << 24 | UInt32(versionFlags[1]) << 16 | UInt32(versionFlags[2]) << 8 | UInt32(versionFlags[3])
            #expect(table.versionFlags == expected, "\(type) \(versionFlags)")
            #expect(table.atom().type == type && table.atom().payload == w.bytes, "\(type) \(versionFlags)")
        }
    }

    @Test("a table made from offsets has version 0 and flags 0")
    func madeTableIsVersion0() {
        let made = ChunkOffsetTable(offsets: [8, 16], is64Bit: false)
        #expect(made.versionFlags == 0 && Array(made.atom().payload.prefix(4)) == [0, 0, 0, 0])
    }
}
