import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Pairing JPEGs whose EXIF is built in the test: little-endian data, unknown tags and types,
/// thumbnails, missing Exif IFD, oversize APP1, damaged sub-IFDs.
@Suite("Pairing write of the still (built EXIF)")
struct SyntheticExifWriterTests {
    static let id = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"

    static func jpeg(exif: SyntheticEXIF, in dir: TempDir, name: String = "src.jpg") throws -> String {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.exif(exif.payload), (0xFE, Array("after exif".utf8))]
        jpeg.trailer = Array("TRAILER".utf8)
        return try dir.write(name, jpeg.bytes)
    }

    static func tiff(_ path: String) throws -> ExifTIFF {
        let s = try FileSource(path: path)
        let exif = try #require(try JPEGStructure.read(s).exifSegment)
        return try ExifTIFF(payload: s.read(at: exif.payloadOffset, count: exif.payloadLength), payloadOffset: exif.payloadOffset)
    }

    /// A little-endian EXIF with everything libexif's defaults would damage.
    static func richExif(makerNote: [UInt8]) -> SyntheticEXIF {
        var e = SyntheticEXIF()
        e.littleEndian = true
        e.ifd0 = [e.ascii(0x010F, "Apple"), e.ascii(0x0110, "iPhone X"), e.short(0x0112, 6), e.rational(0x011A, 72, 1),
                  e.undefined(0xC0DE, Array(0..<10))]                       // an unknown tag
        e.exif = [e.undefined(0x9000, Array("0220".utf8)), e.undefined(0xEA1C, [UInt8](repeating: 0, count: 100)),
                  e.ascii(0x9003, "2024:05:06 07:08:09"), e.undefined(0x927C, makerNote)]
        e.gps = [SyntheticEXIF.Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0]), e.ascii(1, "N")]
        e.ifd1 = [e.short(0x0103, 6)]
        e.thumbnail = SyntheticJPEG(width: 8, height: 8, sampling: [(1, 1)]).bytes
        return e
    }

    @Test func littleEndianExifKeepsEveryEntryAndTheThumbnail() throws {
        let dir = try TempDir()
        let note = MakerNoteSamples.sample(bigEndian: false, identifier: nil)
        let source = try Self.jpeg(exif: Self.richExif(makerNote: note.serialized()), in: dir)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)

        let before = try Self.tiff(source), after = try Self.tiff(r.output)
        #expect(after.littleEndian)
        for dir in ExifTIFF.Directory.allCases {
            #expect(ExifEntries.items(after, dir, leavingOut: ExifEntries.leftOut(dir)) == ExifEntries.items(before, dir, leavingOut: ExifEntries.leftOut(dir)), "\(dir)")
        }
        #expect(after.entry(0xC0DE, in: .ifd0) != nil)
        #expect(after.entry(0xA000, in: .exif) == nil, "no FlashPixVersion added")
        #expect(after.thumbnail != nil && after.thumbnail == before.thumbnail)
        let written = try #require(try PairingCheck.appleNote(r.output))
        #expect(!written.bigEndian)
        #expect(written.entries.filter { $0.tag != 0x11 } == note.entries.sorted { $0.tag < $1.tag })
        let info = try StillImageReader.read(path: r.output)
        #expect(info.orientation == 6 && info.model == "iPhone X")
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    /// EXIF with only IFD0: libexif creates the Exif IFD for the new MakerNote, and it gets
    /// the tags EXIF requires (IFD0 is left as it was).
    @Test func exifWithoutExifIFD() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Acme"), e.short(0x0112, 3)]
        let source = try Self.jpeg(exif: e, in: dir)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let after = try Self.tiff(r.output)
        #expect(after.directories[.exif]?.map(\.tag) == [0x9000, 0x9101, 0x927C, 0xA000, 0xA001, 0xA002, 0xA003])
        #expect(after.directories[.ifd0]?.map(\.tag) == [0x010F, 0x0112, 0x8769])
        #expect(try StillImageReader.read(path: r.output).orientation == 3)
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: [
                "Apple:MediaGroupUUID=\(Self.id)", "ExifIFD:ExifVersion=0231", "ExifIFD:ComponentsConfiguration=1 2 3 0",
                "ExifIFD:FlashpixVersion=0100", "ExifIFD:ColorSpace=1", "ExifIFD:ExifImageWidth=16", "ExifIFD:ExifImageHeight=16",
            ])
        }
    }

    static func exifPayload(_ path: String) throws -> [UInt8] {
        let s = try FileSource(path: path)
        let exif = try #require(try JPEGStructure.read(s).exifSegment)
        return try s.read(at: exif.payloadOffset, count: exif.payloadLength)
    }

    /// Samsung keeps debug data after the last IFD that nothing points to (a Galaxy S20 FE's
    /// Exif is 7,482 bytes, 6,592 of them such data): it stays where it was, byte for byte. The
    /// only original bytes that change are IFD0's Exif pointer (to the copy of the Exif IFD that
    /// holds the new MakerNote entry).
    @Test func keepsBytesAfterTheLastIFD() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "samsung"), e.ascii(0x0110, "SM-G781B")]
        e.exif = [e.undefined(0x9000, Array("0220".utf8)), e.ascii(0x9003, "2024:05:06 07:08:09")]
        let debug = Array("DBG_INFO".utf8) + (0..<6584).map { UInt8($0 % 251) }
        let payload = e.payload + debug
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.exif(payload)]
        let source = try dir.write("samsung.jpg", jpeg.bytes)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let written = try Self.exifPayload(r.output)
        #expect(written.count > payload.count)
        #expect(Array(written[payload.count - debug.count ..< payload.count]) == debug)
        let pointer = try #require(try Self.tiff(source).entry(0x8769, in: .ifd0))
        let differing = payload.indices.filter { payload[$0] != written[$0] }.map { $0 - 6 }
        #expect(!differing.isEmpty && differing.allSatisfy { (pointer.entryOffset + 8 ..< pointer.entryOffset + 12).contains($0) })
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    /// A Samsung MakerNote is a bare IFD; it is named from IFD0 Make and refused.
    @Test func refusesSamsungMakerNote() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "samsung"), e.ascii(0x0110, "SM-G960F")]
        let bareIFD: [UInt8] = [0, 1, 0, 1, 0, 7, 0, 0, 0, 4, 0x30, 0x31, 0x30, 0x30, 0, 0, 0, 0]
        e.exif = [e.undefined(0x927C, bareIFD)]
        let source = try Self.jpeg(exif: e, in: dir)
        #expect(try StillImageReader.read(path: source).makerNote == .foreign(maker: "Samsung"))
        #expect(throws: ForeignMakerNoteError(maker: "Samsung")) {
            _ = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: dir.path("o.jpg"), identifier: Self.id, replaceForeignMakerNote: false)
        }
        #expect(try dir.listing() == ["src.jpg"])
        let r = try PairingCheck.pair(source, identifier: Self.id, replaceForeign: true, in: dir)
        #expect(try PairingCheck.appleNote(r.output) == .minimal(contentIdentifier: Self.id))
        // The replaced note is zeroed where it was (the user agreed to drop it); nothing else moved.
        let old = try #require(try Self.tiff(source).makerNote())
        let written = try Self.exifPayload(r.output)
        #expect(Array(written[old.payloadRange]) == [UInt8](repeating: 0, count: bareIFD.count))
    }

    @Test func refusesWhenTheNewExifDoesNotFitOneAPP1() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        let note = MakerNoteSamples.sample(identifier: nil).serialized()
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        e.exif = [e.undefined(0x927C, note), e.undefined(0xEA1C, [])]
        let base = e.payload.count
        e.exif![1] = e.undefined(0xEA1C, [UInt8](repeating: 0, count: ExifIdentifierRewrite.maxAPP1Payload - base - 20))
        #expect(e.payload.count <= ExifIdentifierRewrite.maxAPP1Payload)
        let source = try Self.jpeg(exif: e, in: dir)
        #expect {
            _ = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: dir.path("o.jpg"), identifier: Self.id, replaceForeignMakerNote: false)
        } throws: { ($0 as? ExifTooLargeError)?.limit == 65533 && "\($0)".contains("65533") }
        #expect(try dir.listing() == ["src.jpg"])
    }

    /// Entries of types libexif cannot load (13 IFD, BigTIFF's 16 to 18, types nobody defined)
    /// are carried byte for byte; they used to stop the write, when libexif re-laid out the block.
    @Test func keepsEntriesOfEveryType() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x014A, type: 13, count: 1, value: [0, 0, 0, 8]),
                  SyntheticEXIF.Entry(tag: 0xC001, type: 16, count: 2, value: Array(1...16)),
                  SyntheticEXIF.Entry(tag: 0xC002, type: 0xFFFF, count: 9, value: [], rawField: [0, 0, 0, 0x30])]
        e.exif = [e.undefined(0x9000, Array("0232".utf8)), SyntheticEXIF.Entry(tag: 0xC003, type: 0, count: 1, value: [], rawField: [1, 2, 3, 4])]
        let source = try Self.jpeg(exif: e, in: dir)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let before = try Self.tiff(source), after = try Self.tiff(r.output)
        for d in ExifTIFF.Directory.allCases {
            #expect(ExifEntries.items(after, d, leavingOut: ExifEntries.leftOut(d)) == ExifEntries.items(before, d, leavingOut: ExifEntries.leftOut(d)), "\(d)")
        }
        #expect(after.directories[.ifd0]?.map(\.type) == [2, 13, 4, 16, 0xFFFF])
    }

    /// A GPS pointer leading outside the EXIF: reading passes over it with a warning (what
    /// `inspect` prints), and pairing, which changes nothing there, keeps its bytes. (It used
    /// to refuse, when libexif re-laid out the block and would have dropped the GPS IFD.)
    @Test func pairsDespiteADamagedSubIFD() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x8825, type: 4, count: 1, value: [], rawField: [0, 0, 0xFF, 0])]
        let source = try Self.jpeg(exif: e, in: dir)
        let info = try StillImageReader.read(path: source)
        #expect(info.make == "Apple", "reading tolerates it")
        #expect(info.warnings.count == 1)
        #expect(info.warnings.first?.hasPrefix("the EXIF GPS does not parse, passed over: ") == true, "\(info.warnings)")
        #expect(try StillImageReader.read(path: TestFiles.fixture("still-exif-icc-xmp.jpg")).warnings.isEmpty)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let after = try Self.tiff(r.output)
        #expect(after.damaged[.gps] != nil)
        #expect(ExifEntries.items(after, .ifd0, leavingOut: [0x8769]) == ExifEntries.items(try Self.tiff(source), .ifd0))
    }

    /// Entries that hold nothing (zero count, value outside the data) are skipped by libexif;
    /// nothing readable is lost, so pairing goes ahead.
    @Test func emptyAndUnreadableEntriesDoNotBlockPairing() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple"),
                  SyntheticEXIF.Entry(tag: 0x0131, type: 2, count: 0, value: []),
                  SyntheticEXIF.Entry(tag: 0x0132, type: 2, count: 20, value: [], rawField: [0, 0, 0x7F, 0])]
        let source = try Self.jpeg(exif: e, in: dir)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(try Self.tiff(r.output).entry(0x010F, in: .ifd0) != nil)
    }
}
