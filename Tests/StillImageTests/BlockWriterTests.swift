import Testing
import BinaryIO
@testable import StillImage

/// `BlockWriter.appendIFD`, the one writer of new IFDs (a MakerNote patch, a new Exif IFD, an
/// OPPO UserComment): every out-of-line value lands, word-aligned, where its entry points.
@Suite("EXIF block writer: new IFDs and their values")
struct BlockWriterTests {
    @Test("three out-of-line values of odd and even lengths after an inline one: each where its entry says", arguments: [false, true])
    func outOfLineValuesLandWhereTheirEntriesPoint(bigEndian: Bool) throws {
        let header: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] : [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        var block = BlockWriter(header + [0x11], bigEndian: bigEndian)   // odd: the IFD is aligned first
        let values: [(UInt16, [UInt8])] = [(0x9000, Array("0231".utf8)), (0x010F, Array("Apple\0".utf8)), (0x0131, Array("v17.2\0\0".utf8)),
                                           (0x927C, Array(repeating: 0xAB, count: 21))]
        let entries = values.map { ExifMakerNotePatch.NewEntry(tag: $0.0, type: 7, count: UInt32($0.1.count), content: .value($0.1)) }
        let written = try block.appendIFD(entries, next: [0, 0, 0, 0])
        #expect(written.offset == 10)
        let bytes = block.bytes
        func u32(_ at: Int) -> Int {
            let b = bytes[at ..< at + 4].map(Int.init)
            return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        }
        for (i, (tag, value)) in values.enumerated() {
            let field = written.offset + 2 + 12 * i + 8
            if value.count <= 4 {
                #expect(Array(bytes[field ..< field + 4]) == value, "tag \(tag) inline")
                #expect(written.valueOffsets[tag] == nil)
                continue
            }
            let at = u32(field)
            #expect(written.valueOffsets[tag] == at && at % 2 == 0, "tag \(tag) at \(at)")
            #expect(Array(bytes[at ..< at + value.count]) == value, "tag \(tag) value")
        }
        let ends = values.filter { $0.1.count > 4 }.map { written.valueOffsets[$0.0]! + $0.1.count }
        #expect(bytes.count == ends.max()! + (ends.max()! & 1), "the values end the block")
        // Every byte that is neither the original block, the IFD nor a value is an alignment pad: 0.
        var covered = Set(0 ..< header.count + 1).union(written.offset ..< written.offset + 2 + 12 * values.count + 4)
        for (tag, value) in values where value.count > 4 { covered.formUnion(written.valueOffsets[tag]! ..< written.valueOffsets[tag]! + value.count) }
        let pads = bytes.indices.filter { !covered.contains($0) }
        #expect(!pads.isEmpty && pads.allSatisfy { bytes[$0] == 0 }, "pads at \(pads): \(pads.map { bytes[$0] })")
    }
}
