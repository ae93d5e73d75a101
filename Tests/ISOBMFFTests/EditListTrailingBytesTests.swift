import Testing
import BinaryIO
@testable import ISOBMFF

/// Bytes after an edit list's last entry are not an entry: they are kept as read and written
/// back after the entries, so an `elst` rewritten unchanged is its own bytes, in either version.
@Suite("elst: bytes after the last edit kept")
struct EditListTrailingBytesTests {
    @Test("one edit then 3 bytes: the edit read, the 3 bytes kept and written back", arguments: [UInt8(0), 1])
    func trailingKept(version: UInt8) throws {
        var w = ByteWriter()
        w.u8(version); w.u24(0); w.u32(1)
        if version == 1 { w.u64(600); w.i64(40) } else { w.u32(600); w.i32(40) }
        w.i32(0x10000)
        w.append([1, 2, 3])
        let list = try EditList(Atom(type: "elst", payload: w.bytes), path: "elst")
        #expect(list.entries == [.init(duration: 600, mediaTime: 40, rate: 0x10000)])
        #expect(list.trailing == [1, 2, 3])
        #expect(list.atom().payload == w.bytes)
    }
}
