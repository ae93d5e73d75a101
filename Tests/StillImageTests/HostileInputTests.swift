import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Damaged and hostile files: every outcome is a value or a typed error, never a crash, and a
/// failed pairing leaves nothing behind.
@Suite("Hostile input")
struct HostileInputTests {
    static let id = "DEADBEEF-0000-4000-8000-000000000000"

    /// Reader and writer outcome for one file: ParseError and ForeignMakerNoteError are the
    /// only errors allowed; a successful write must read back with the identifier.
    static func exercise(_ path: String, dir: TempDir, context: String) {
        do { _ = try StillImageReader.read(path: path) } catch is ParseError {} catch { Issue.record("\(context) read: \(error)") }
        let target = dir.path("out.jpg")
        do {
            let writer = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: target, identifier: id, replaceForeignMakerNote: false)
            writer.discard()
        } catch is ParseError {
        } catch is ForeignMakerNoteError {
        } catch {
            Issue.record("\(context) write: \(error)")
        }
        #expect(!TestFiles.exists(target), "\(context): nothing written to the target")
    }

    /// Cuts through the headers of every fixture: an error before the end of the SOS header,
    /// success after it (the writer copies the scan data as it is).
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func truncatedFixtures() throws {
        let dir = try TempDir()
        for name in ["still-apple-makernote.jpg", "still-exif-icc-xmp.jpg", "still-foreign-makernote.jpg", "still-no-exif.jpg"] where TestFiles.hasFixture(name) {
            let bytes = try TestFiles.bytes(TestFiles.fixture(name))
            let sosEnd = Int(try JPEGStructure.read(FileSource(path: TestFiles.fixture(name))).scanHeader.endOffset)
            var cuts = Array(stride(from: 0, to: sosEnd + 2, by: 7)) + [sosEnd - 1, sosEnd, bytes.count - 1]
            cuts += (1...20).map { sosEnd + ($0 * (bytes.count - sosEnd)) / 21 }
            for cut in cuts {
                let path = try dir.write("cut.jpg", Array(bytes.prefix(cut)))
                Self.exercise(path, dir: dir, context: "\(name) cut \(cut)")
                if cut < sosEnd {
                    #expect(throws: ParseError.self) { _ = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: dir.path("o.jpg"), identifier: Self.id, replaceForeignMakerNote: true) }
                }
            }
            #expect(try dir.listing() == ["cut.jpg"], "no temporary files left")
        }
    }

    /// Random byte changes inside the EXIF APP1 payload (its length kept).
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func mutatedExifPayloads() throws {
        let dir = try TempDir()
        for name in ["still-apple-makernote.jpg", "still-exif-icc-xmp.jpg"] where TestFiles.hasFixture(name) {
            let bytes = try TestFiles.bytes(TestFiles.fixture(name))
            let exif = try #require(try JPEGStructure.read(FileSource(path: TestFiles.fixture(name))).exifSegment)
            var rng = SplitMix64(seed: 42)
            for i in 0..<400 {
                var m = bytes
                for _ in 0..<Int(rng.next() % 6 + 1) {
                    let at = Int(exif.payloadOffset) + 6 + Int(rng.next() % UInt64(exif.payloadLength - 6))
                    m[at] = rng.next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: rng.next())
                }
                let path = try dir.write("m.jpg", m)
                Self.exercise(path, dir: dir, context: "\(name) mutation \(i)")
            }
        }
    }

    static func jpeg(exifPayload: [UInt8], dir: TempDir) throws -> (path: String, payloadOffset: UInt64) {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.exif(exifPayload)]
        return (try dir.write("h.jpg", jpeg.bytes), 6)
    }

    static func readError(_ path: String) -> ParseError? {
        do { _ = try StillImageReader.read(path: path); return nil } catch let e as ParseError { return e } catch { return nil }
    }

    /// The error the identifier writer refuses the still with.
    static func writeError(_ path: String, dir: TempDir) -> ParseError? {
        do {
            try StillIdentifierWriter.prepare(sourcePath: path, targetPath: dir.path("o.jpg"), identifier: id, replaceForeignMakerNote: true).discard()
            return nil
        } catch let e as ParseError { return e } catch { return nil }
    }

    /// Readers pass over what they cannot read on the way to the identifier: `inspect` shows
    /// the image with `warning` (nothing of the MakerNote), `verify` and `scan` find no
    /// identifier and say why.
    static func expectReadWithWarning(_ path: String, warning: String, context: String) throws {
        let info = try StillImageReader.read(path: path)
        #expect(info.contentIdentifier == nil && info.appleMakerNote == nil && info.width > 0, "\(context)")
        #expect(info.warnings.contains { $0.hasPrefix(warning + " does not parse, passed over: ") }, "\(context): \(info.warnings)")
        let facts = try StillImageReader.headerFacts(path: path)
        #expect(facts.contentIdentifier == nil && facts.identifierUnread?.hasPrefix(warning + " does not parse: ") == true, "\(context): \(String(describing: facts.identifierUnread))")
        #expect(try StillImageReader.contentIdentifier(path: path) == nil, "\(context)")
    }

    @Test func makerNoteEntryCountBeyondItsBytes() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        let note = Array("Apple iOS".utf8) + [0, 0, 1, 0x4D, 0x4D, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 24)
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        e.exif = [e.undefined(0x927C, note)]
        let (path, payloadOffset) = try Self.jpeg(exifPayload: e.payload, dir: dir)
        let tiff = try ExifTIFF(payload: e.payload, payloadOffset: payloadOffset)
        let noteOffset = try #require(try tiff.makerNote()).fileOffset
        try Self.expectReadWithWarning(path, warning: "the Apple MakerNote", context: "entry count")
        #expect(try StillImageReader.read(path: path).makerNote == .apple)
        let error = try #require(Self.writeError(path, dir: dir))
        #expect(error.kind == .truncated && error.path == "APP1/Exif/MakerNote" && error.offset == noteOffset + 16)
    }

    @Test func makerNoteOutsideTheExif() throws {
        let dir = try TempDir()
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        e.exif = [SyntheticEXIF.Entry(tag: 0x927C, type: 7, count: 5000, value: [], rawField: [0, 0, 0, 0x40])]
        let (path, _) = try Self.jpeg(exifPayload: e.payload, dir: dir)
        try Self.expectReadWithWarning(path, warning: "the MakerNote", context: "outside")
        let error = try #require(Self.writeError(path, dir: dir))
        #expect(error.kind == .invalidValue && error.path == "APP1/Exif/MakerNote")
    }

    @Test func hostileTIFFStructures() throws {
        let dir = try TempDir()
        var cases: [(String, [UInt8], String)] = []
        cases.append(("bad byte order", Array("Exif".utf8) + [0, 0] + Array("XX".utf8) + [0, 42, 0, 0, 0, 8, 0, 0], "APP1/Exif"))
        cases.append(("bad magic", Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 43, 0, 0, 0, 8, 0, 0], "APP1/Exif"))
        cases.append(("IFD0 past the end", Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0xFF, 0xFF, 0xFF, 0xF0, 0, 0], "APP1/Exif/IFD0"))
        cases.append(("IFD0 count 0xFFFF", Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0xFF, 0xFF, 0, 0], "APP1/Exif/IFD0"))
        var loop = SyntheticEXIF()
        loop.ifd0 = [SyntheticEXIF().ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x8769, type: 4, count: 1, value: [], rawField: [0, 0, 0, 8])]
        cases.append(("Exif IFD pointing back at IFD0", loop.payload, "APP1/Exif/ExifIFD"))
        for (name, payload, path) in cases {
            let (file, _) = try Self.jpeg(exifPayload: payload, dir: dir)
            // Read with a warning naming the directory; refused by the writer, which edits it.
            try Self.expectReadWithWarning(file, warning: path.hasSuffix("ExifIFD") ? "the EXIF ExifIFD" : "the EXIF IFD0", context: name)
            let error = Self.writeError(file, dir: dir)
            #expect(error != nil && error?.path == path, "\(name): \(String(describing: error))")
            Self.exercise(file, dir: dir, context: name)
        }
        // Beyond the Exif IFD, IFD0's fields still read.
        let (file, _) = try Self.jpeg(exifPayload: loop.payload, dir: dir)
        #expect(try StillImageReader.read(path: file).make == "Apple")
    }

    /// IFD1 pointing back at IFD0 is tolerated when reading (IFD1 is optional) and when writing:
    /// the identifier goes in and the loop's bytes are carried. (It used to be refused, when
    /// libexif re-laid out the block and would have dropped the loop's target.)
    @Test func ifd1Loop() throws {
        let dir = try TempDir()
        var payload = SyntheticEXIF(ifd0: [SyntheticEXIF().ascii(0x010F, "Apple")]).payload
        // IFD0 at TIFF offset 8: 1 entry, next-IFD offset at 8 + 2 + 12.
        let next = 6 + 8 + 2 + 12
        payload.replaceSubrange(next..<next + 4, with: [0, 0, 0, 8])
        let (file, _) = try Self.jpeg(exifPayload: payload, dir: dir)
        #expect(try StillImageReader.read(path: file).make == "Apple")
        let writer = try StillIdentifierWriter.prepare(sourcePath: file, targetPath: dir.path("o.jpg"), identifier: Self.id, replaceForeignMakerNote: false)
        try writer.commit()
        let written = try StillImageReader.read(path: dir.path("o.jpg"))
        #expect(written.contentIdentifier == Self.id && written.make == "Apple")
    }
}
