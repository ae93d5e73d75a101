import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// `MPFIndex.rewrite` reads and writes the MP Entry table (CIPA DC-007 5.2.3.3) in the byte
/// order the MPF header gives: a little-endian ("II") table reads its values little-endian and
/// gets its new ones written back the same way; every one of a table's entries, and nothing
/// past them, goes through the transform (the table may hold up to 64).
@Suite("MPF entry table: little-endian tables, and exactly the entries the count gives")
struct MPFEntryTableRewriteTests {
    /// An MPF APP2 payload with one MP Entry per (size, offset), the table right after the
    /// IFD, then `after` (bytes past the table that are not an entry).
    static func mpf(little: Bool, _ entries: [(size: UInt32, offset: UInt32)], after: [UInt8] = []) -> [UInt8] {
        var out = MPFIndex.signature
        func u16(_ v: UInt16) { out += little ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) { let b = (0..<4).map { UInt8((v >> UInt32(8 * $0)) & 0xFF) }; out += little ? b : b.reversed() }
        out += little ? [0x49, 0x49] : [0x4D, 0x4D]; u16(0x2A); u32(8)
        u16(1)
        u16(0xB002); u16(7); u32(UInt32(16 * entries.count)); u32(8 + 2 + 12 + 4)
        u32(0)
        for (k, e) in entries.enumerated() { u32(k == 0 ? 0x03_0000 : 0); u32(e.size); u32(e.offset); u16(0); u16(0) }
        return out + after
    }

    @Test("II: entries read as stored, new sizes and offsets written little-endian, every other byte kept")
    func littleEndianTable() throws {
        let input = Self.mpf(little: true, [(0x0102_0304, 0), (0x0A0B, 0x0001_0203)])
        var seen: [MPFIndex.Entry] = []
        let output = try MPFIndex.rewrite(input, payloadOffset: 100) { k, e in
            seen.append(e)
            return MPFIndex.Entry(size: e.size + 0x1000_0001, offset: k == 0 ? 0 : e.offset + 0x0200_0100)
        }
        #expect(seen == [.init(size: 0x0102_0304, offset: 0), .init(size: 0x0A0B, offset: 0x0001_0203)])
        #expect(output == Self.mpf(little: true, [(0x1102_0305, 0), (0x1000_0A0C, 0x0201_0303)]))
    }

    @Test("15 entries (n = 240) then 16 more bytes: 15 transforms, the bytes after the table unchanged")
    func fifteenEntries() throws {
        let after = [UInt8](repeating: 0xEE, count: 16)
        let entries: [(size: UInt32, offset: UInt32)] = (0..<15).map { (k: Int) -> (size: UInt32, offset: UInt32) in (UInt32(100 + k), UInt32(1000 * k)) }
        let input = Self.mpf(little: false, entries, after: after)
        var calls: [Int] = []
        let output = try MPFIndex.rewrite(input, payloadOffset: 0) { k, e in calls.append(k); return MPFIndex.Entry(size: e.size + 1, offset: e.offset) }
        #expect(calls == Array(0..<15))
        let expected: [(size: UInt32, offset: UInt32)] = entries.map { e in (e.size + 1, e.offset) }
        #expect(output == Self.mpf(little: false, expected, after: after))
    }
}
