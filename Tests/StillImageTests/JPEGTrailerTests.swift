import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Where the image ends and what follows it: EOI through stuffed bytes, restart markers and
/// the segments between progressive scans; the Samsung SEF trailer, well-formed and hostile.
@Suite struct JPEGTrailerTests {
    static func write(_ bytes: [UInt8], _ dir: TempDir, _ name: String = "t.jpg") throws -> FileSource {
        let path = dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try FileSource(path: path)
    }

    @Test func imageEndOfTheFixtures() throws {
        for (name, trailer) in [("still-exif-icc-xmp.jpg", 0), ("still-no-exif.jpg", 0), ("still-jpeg-trailer.jpg", 64)] {
            let source = try FileSource(path: TestFiles.fixture(name))
            #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == source.size - UInt64(trailer), "\(name)")
        }
    }

    /// SOS, data with FF 00 and RST0, a DHT and a second SOS (as a progressive image has), EOI, then bytes that look like markers.
    @Test func imageEndSkipsStuffingRestartsAndSegmentsBetweenScans() throws {
        let dir = try TempDir()
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0]
        var bytes: [UInt8] = [0xFF, 0xD8] + sos
        bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0xFF, 0xFF, 0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x06, 0xFF, 0xD9, 0x00, 0x00]     // a DHT whose payload holds FF D9
        bytes += sos + [0x78, 0x9A]
        let eoi = bytes.count
        bytes += [0xFF, 0xD9, 0xFF, 0xD9, 0xAB]
        let source = try Self.write(bytes, dir)
        #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == UInt64(eoi + 2))
    }

    /// Fill bytes (`FF`) may come before any marker: an EOI after them is found, at the very
    /// end of the file too (its `FF` is then the next-to-last byte read), or before a trailer.
    @Test(arguments: [0, 1, 2, 7])
    func imageEndAfterFillBytes(_ fills: Int) throws {
        let dir = try TempDir()
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0]
        var bytes: [UInt8] = [0xFF, 0xD8] + sos + [0x12, 0x34] + [UInt8](repeating: 0xFF, count: fills)
        let eoi = bytes.count
        bytes += [0xFF, 0xD9]
        for trailer in [[], Array("TRAILER".utf8)] as [[UInt8]] {
            let source = try Self.write(bytes + trailer, dir)
            #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == UInt64(eoi + 2), "\(fills) fill bytes, trailer \(trailer.count)")
        }
    }

    /// Image data over several 1 MiB read windows, with a stuffed `FF 00`, a restart marker and
    /// a DHT straddling each window edge (and one DHT inside a window): EOI is found where it is.
    @Test(arguments: [-3, -2, -1, 0, 1])
    func imageEndAcrossReadWindows(_ shift: Int) throws {
        let dir = try TempDir()
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0]
        var bytes: [UInt8] = [0xFF, 0xD8] + sos
        let dataStart = bytes.count
        bytes += [UInt8](repeating: 0x5A, count: 3 << 20)
        let edge = dataStart + (1 << 20) + shift
        bytes.replaceSubrange(edge..<edge + 2, with: [0xFF, 0x00])
        bytes.replaceSubrange(edge + 100..<edge + 102, with: [0xFF, 0xD3])
        let dht: [UInt8] = [0xFF, 0xC4, 0x00, 0x06, 0xFF, 0xD9, 0xFF, 0xD9]
        bytes.replaceSubrange(edge + 200..<edge + 208, with: dht)
        let secondEdge = dataStart + (2 << 20) + shift - 4
        bytes.replaceSubrange(secondEdge..<secondEdge + 8, with: dht)
        let eoi = bytes.count
        bytes += [0xFF, 0xD9] + [UInt8](repeating: 0xFF, count: 5000) + [0xFF, 0xD9]
        let source = try Self.write(bytes, dir)
        #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == UInt64(eoi + 2))
    }

    /// A new read window starts on an `FF` that nothing has looked at yet in two ways: the last
    /// byte of a window (its marker byte is in the next one), and the first byte after a segment
    /// that crosses the window edge. An EOI there is the image's end, not one further on.
    @Test(arguments: [false, true])
    func imageEndOnAWindowsFirstByte(_ afterSegment: Bool) throws {
        let dir = try TempDir()
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0]
        var bytes: [UInt8] = [0xFF, 0xD8] + sos
        let dataStart = bytes.count
        bytes += [UInt8](repeating: 0x5A, count: (1 << 20) + 16)
        var eoi = dataStart + (1 << 20)                      // the first window's last byte
        if afterSegment {
            let dht: [UInt8] = [0xFF, 0xC4, 0x00, 0x06, 0x5A, 0x5A, 0x5A, 0x5A]
            bytes.replaceSubrange(eoi - 4..<eoi + 4, with: dht)
            eoi += 4
        }
        bytes.replaceSubrange(eoi..<eoi + 2, with: [0xFF, 0xD9])
        bytes += [0xFF, 0xD9]
        let source = try Self.write(bytes, dir)
        #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == UInt64(eoi + 2))
    }

    @Test func noEOIIsATruncationError() throws {
        let dir = try TempDir()
        let bytes = Array(try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg")).dropLast(2))
        let source = try Self.write(bytes, dir)
        #expect(throws: ParseError.self) { try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) }
    }

    @Test func trailerKindsFromTheTable() throws {
        let mp4 = try FileSource(path: TestFiles.fixture("movie-mp4.mp4"))
        #expect(try JPEGTrailerKind.atStart(of: mp4, offset: 0, length: mp4.size) == .isoMedia)
        let jpeg = try FileSource(path: TestFiles.fixture("still-no-exif.jpg"))
        #expect(try JPEGTrailerKind.atStart(of: jpeg, offset: 0, length: jpeg.size) == .jpegImage)
        let trailer = try FileSource(path: TestFiles.fixture("still-jpeg-trailer.jpg"))
        #expect(try JPEGTrailerKind.atStart(of: trailer, offset: trailer.size - 64, length: 64) == nil)
        #expect(JPEGTrailerKind.samsungSEF.ends(Array("xxxxSEFT".utf8)) && !JPEGTrailerKind.samsungSEF.ends(Array("SEF".utf8)))
    }

    static func sef(_ records: [(UInt16, String, [UInt8])]) -> [UInt8] {
        var body: [UInt8] = [], starts: [Int] = []
        for (type, name, data) in records {
            starts.append(body.count)
            body += SamsungSEFTrailer.recordHeader(type: type, name: name) + data
        }
        let dir = zip(records, starts).map { r, s in (type: r.0, back: UInt32(body.count - s), length: UInt32(8 + r.1.utf8.count + r.2.count)) }
        return body + SamsungSEFTrailer.directoryAndFooter(records: dir)
    }

    @Test func samsungTrailerRoundTrips() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let video: [UInt8] = Array(repeating: 0x22, count: 300)
        let source = try Self.write(image + Self.sef([(0x0A01, "Image_UTC_Data", Array("1704110400000".utf8)), (0x0A30, "MotionPhoto_Data", video)]), dir)
        let sef = try #require(try SamsungSEFTrailer.read(source))
        #expect(sef.start == UInt64(image.count))
        let record = try #require(sef.motionPhotoData)
        #expect(record.name == "MotionPhoto_Data")
        #expect(try source.read(at: record.dataOffset, count: Int(record.dataLength)) == video)
        #expect(try SamsungSEFTrailer.read(FileSource(path: TestFiles.fixture("still-no-exif.jpg"))) == nil)
    }

    /// A record's name is shown as its printable ASCII: space to `~` kept (a name may hold a
    /// space), control bytes and DEL left out; the record's data starts after every name byte.
    @Test func samsungRecordNamesKeepPrintableASCII() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let raw = " Photo Mode\u{1F}~\u{7F}"
        let source = try Self.write(image + Self.sef([(0x0A01, raw, [9, 8, 7])]), dir)
        let record = try #require(try SamsungSEFTrailer.read(source)?.records.first)
        #expect(record.name == " Photo Mode~")
        #expect(record.dataOffset == record.offset + 8 + UInt64(raw.utf8.count))
        #expect(try source.read(at: record.dataOffset, count: Int(record.dataLength)) == [9, 8, 7])
    }

    /// A record whose name fills it exactly (no data, as Samsung writes for flag records) is a
    /// record of 0 data bytes, not a damaged trailer; one byte less than its name is refused.
    @Test func samsungRecordWithNameOnly() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let source = try Self.write(image + Self.sef([(0x0A01, "Image_UTC_Data", []), (0x0A30, "MotionPhoto_Data", [1, 2, 3])]), dir)
        let sef = try #require(try SamsungSEFTrailer.read(source))
        #expect(sef.records.map(\.dataLength) == [0, 3])
        #expect(sef.records.first?.name == "Image_UTC_Data")
        var short = Self.sef([(0x0A01, "Image_UTC_Data", [])])
        // The directory's length of the first record, one byte shorter than its header + name.
        let lengthAt = short.count - 8 - 4
        short[lengthAt] -= 1
        let cut = try Self.write(image + short, dir, "short.jpg")
        #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(cut) }
    }

    /// The directory may start at the source's first byte (a trailer of no records, read on
    /// its own): its size equal to everything before the footer reads; one byte more than
    /// that is refused, never read from before the file.
    @Test func samsungDirectoryFillingTheSource() throws {
        let dir = try TempDir()
        let alone = SamsungSEFTrailer.directoryAndFooter(records: [])
        let sef = try #require(try SamsungSEFTrailer.read(Self.write(alone, dir, "alone.sef")))
        #expect(sef.records.isEmpty && sef.directoryOffset == 0 && sef.start == 0)
        var over = alone
        over[over.count - 8] += 1
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(Self.write(over, dir, "over.sef")) }
        #expect(error?.message.contains("SEF directory size 13 does not fit the file") == true, "\(String(describing: error))")
    }

    /// Names are at most 256 bytes (the longest Samsung writes is far shorter; the bound keeps a
    /// hostile length from reading a name of megabytes): 256 reads, 257 is refused.
    @Test func samsungRecordNameLengthBound() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let longest = String(repeating: "N", count: 256)
        let source = try Self.write(image + Self.sef([(0x0A01, longest, [1, 2])]), dir)
        let record = try #require(try SamsungSEFTrailer.read(source)?.records.first)
        #expect(record.name == longest && record.dataLength == 2)
        let over = try Self.write(image + Self.sef([(0x0A01, longest + "N", [1, 2])]), dir, "over.jpg")
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(over) }
        #expect(error?.message.contains("name of 257 bytes does not fit") == true, "\(String(describing: error))")
    }

    /// Every byte of the directory and footer flipped, and every cut of the tail: a value or a
    /// ParseError, never a crash or a range outside the file.
    @Test func hostileSamsungTrailers() throws {
        let dir = try TempDir()
        let image = try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg"))
        let good = image + Self.sef([(0x0A30, "MotionPhoto_Data", Array(repeating: 7, count: 64))])
        let tail = good.count - 40
        for i in tail..<good.count {
            for flip: UInt8 in [0xFF, 0x80, 0x01] {
                var bytes = good
                bytes[i] ^= flip
                let source = try Self.write(bytes, dir)
                do {
                    if let sef = try SamsungSEFTrailer.read(source) {
                        for r in sef.records { #expect(r.offset + r.length <= source.size) }
                    }
                } catch is ParseError {}
            }
        }
        for cut in stride(from: image.count, to: good.count, by: 3) {
            let source = try Self.write(Array(good[0..<cut]), dir)
            do { _ = try SamsungSEFTrailer.read(source) } catch is ParseError {}
        }
    }
}
