import Testing
import PropertyBased
import TestSupport
@testable import StillImage

/// The TIFF structure `make` writes for a still made from a video frame: walked here by hand
/// (big-endian, as written), every IFD and value is where the pointers say, and every other
/// byte is the zero that pads an odd-length value to a word (TIFF's alignment) or fills an
/// inline value field.
@Suite("TIFF directory writer: values where their entries point, padding zero")
struct TIFFDirectoryWriterLayoutTests {
    static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    static func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }

    /// UNDEFINED entries of the given value lengths, tags from `base` up; value bytes are never 0.
    static func entries(_ lengths: [Int], base: UInt16) -> [TIFFDirectoryWriter.Entry] {
        lengths.enumerated().map { i, n in .undefined(base + UInt16(i), (0..<n).map { UInt8(0xA0 + $0 + i) }) }
    }

    @Test("IFD0, Exif and GPS IFDs of any value lengths: each value where its entry points, every other byte a zero pad (property)")
    func layout() async {
        // IFD0 always has entries (`make` writes at least the orientation); the others may be empty.
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...9).array(of: 1...5), Gen.nearEnds(in: 0...9).array(of: 0...5), Gen.nearEnds(in: 0...9).array(of: 0...5)) { a, b, c in
            var writer = TIFFDirectoryWriter()
            writer.ifd0 = Self.entries(a, base: 0x0100)
            writer.exif = Self.entries(b, base: 0x9000)
            writer.gps = Self.entries(c, base: 0x0001)
            let expected = Dictionary(uniqueKeysWithValues: (writer.ifd0 + writer.exif + writer.gps).map { ($0.tag, $0.value) })
            let payload = writer.payload()
            #expect(Array(payload.prefix(6)) == JPEGSegment.exifHeader)
            let t = Array(payload.dropFirst(6))
            var covered = [Bool](repeating: false, count: t.count)
            func cover(_ range: Range<Int>) -> Bool {
                guard range.lowerBound >= 0, range.upperBound <= t.count, !covered[range].contains(true) else { return false }
                for i in range { covered[i] = true }
                return true
            }
            #expect(Array(t.prefix(8)) == [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] && cover(0..<8))
            var pending = [8], seen: [UInt16: [UInt8]] = [:]
            while let ifd = pending.popLast() {
                guard ifd + 2 <= t.count else { Issue.record("IFD at \(ifd) past the end (\(t.count) bytes)"); return }
                let n = Self.u16(t, ifd)
                guard cover(ifd..<ifd + 2 + 12 * n + 4) else { Issue.record("IFD at \(ifd) overlaps or overruns"); return }
                #expect(Self.u32(t, ifd + 2 + 12 * n) == 0, "no next IFD")
                for k in 0..<n {
                    let e = ifd + 2 + 12 * k
                    let tag = UInt16(Self.u16(t, e)), count = Self.u32(t, e + 4)
                    if tag == ExifTIFF.exifIFDPointer || tag == ExifTIFF.gpsIFDPointer {
                        pending.append(Self.u32(t, e + 8))
                        continue
                    }
                    if count <= 4 {
                        seen[tag] = Array(t[e + 8..<e + 8 + count])
                        #expect(t[e + 8 + count..<e + 12].allSatisfy { $0 == 0 }, "tag \(tag): the inline field's rest is zero")
                    } else {
                        let at = Self.u32(t, e + 8)
                        #expect(at % 2 == 0, "tag \(tag): the value starts on a word")
                        guard cover(at..<at + count) else { Issue.record("tag \(tag): value at \(at) overlaps or overruns"); return }
                        seen[tag] = Array(t[at..<at + count])
                    }
                }
            }
            #expect(seen == expected)
            let pads = covered.indices.filter { !covered[$0] }
            #expect(pads.allSatisfy { t[$0] == 0 }, "padding bytes are zero")
            #expect(pads.count == expected.values.filter { $0.count > 4 && $0.count % 2 == 1 }.count, "one pad byte per odd-length value")
        }
    }
}

/// An EXIF ASCII value holds 7-bit printable text and one NUL: any other byte a camera name or
/// software string brings (a control byte, DEL, a UTF-8 sequence) is left out, not written.
@Suite("TIFF directory writer: ASCII values keep printable bytes only")
struct TIFFDirectoryWriterASCIITests {
    @Test("every byte value between two letters: kept when 0x20...0x7E, else left out; one NUL ends the value")
    func everyByte() {
        for code in 0...127 {
            let b = UInt8(code)
            let entry = TIFFDirectoryWriter.Entry.ascii(0x010F, String(decoding: [0x41, b, 0x42], as: UTF8.self))
            let kept: [UInt8] = (0x20...0x7E).contains(b) ? [0x41, b, 0x42, 0] : [0x41, 0x42, 0]
            #expect(entry.value == kept, "byte 0x\(String(b, radix: 16))")
            #expect(entry.count == UInt32(kept.count) && entry.type == TIFFType.ascii && entry.tag == 0x010F)
        }
        #expect(TIFFDirectoryWriter.Entry.ascii(0x0131, "é~").value == [0x7E, 0])
    }
}
