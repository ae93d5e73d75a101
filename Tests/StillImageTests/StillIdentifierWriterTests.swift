import BinaryIO
import Foundation
@testable import StillImage
import Testing

@Suite("Pairing write of the still (fixtures)")
struct StillIdentifierWriterTests {
    static let id = "7D3A1C52-9B0E-4F61-8C2D-3E4F5A6B7C8D"

    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func replacesTheIdentifierAndKeepsEveryOtherEntry() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-apple-makernote.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let before = try #require(try PairingCheck.appleNote(source))
        let after = try #require(try PairingCheck.appleNote(r.output))
        #expect(before.contentIdentifier == MakerNoteSamples.fixtureIdentifier)
        #expect(after.entries.filter { $0.tag != 0x11 } == before.entries.filter { $0.tag != 0x11 })
        #expect(after.version == before.version && after.bigEndian == before.bigEndian)
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output,
                removed: ["Apple:MediaGroupUUID=\(MakerNoteSamples.fixtureIdentifier)"],
                added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-no-exif.jpg")))
    func addsAMinimalExifWhenThereIsNone() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-no-exif.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(r.before.exifSegment == nil)
        // No JFIF APP0 in this fixture, so the new APP1 comes right after SOI.
        #expect(r.after.exifSegment?.offset == 2)
        let note = try #require(try PairingCheck.appleNote(r.output))
        #expect(note == .minimal(contentIdentifier: Self.id))
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [],
                added: ["Apple:MediaGroupUUID=\(Self.id)", "File:ExifByteOrder=MM",
                        // The tags EXIF requires of a new IFD0 and Exif IFD, with the JPEG's values.
                        "IFD0:XResolution=72", "IFD0:YResolution=72", "IFD0:ResolutionUnit=2", "IFD0:YCbCrPositioning=1",
                        "ExifIFD:ExifVersion=0231", "ExifIFD:ComponentsConfiguration=1 2 3 0", "ExifIFD:FlashpixVersion=0100",
                        "ExifIFD:ColorSpace=1", "ExifIFD:ExifImageWidth=320", "ExifIFD:ExifImageHeight=240"])
        }
    }

    /// With a JFIF APP0 first, the new APP1 goes after it (JFIF must stay first).
    @Test func newExifGoesAfterJFIF() throws {
        let dir = try TempDir()
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [SyntheticJPEG.jfif(), (0xFE, Array("c".utf8))]
        let source = try dir.write("jfif.jpg", jpeg.bytes)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(r.after.segments.map(\.name).prefix(3) == ["APP0", "APP1", "COM"])
        #expect(r.after.exifSegment?.offset == r.before.segments[0].endOffset)
        try TurboJPEG.decodeFully(path: r.output)
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-exif-icc-xmp.jpg")))
    func keepsICCXMPCommentAndEveryExifTag() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-exif-icc-xmp.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(r.after.segments.map { $0.identifier ?? $0.name } == r.before.segments.map { $0.identifier ?? $0.name })
        let info = try StillImageReader.read(path: r.output)
        #expect(info.make == "Apple" && info.model == "iPhone 8" && info.orientation == 1)
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-jpeg-trailer.jpg")))
    func keepsBytesAfterEOI() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-jpeg-trailer.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let old = try TestFiles.bytes(source), new = try TestFiles.bytes(r.output)
        #expect(Array(new.suffix(64)) == Array(old.suffix(64)))
        #expect(new.suffix(64).starts(with: Array("LIVEPHOTO-FIXTURE-TRAILER:".utf8)))
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-foreign-makernote.jpg")))
    func refusesAForeignMakerNote() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-foreign-makernote.jpg")
        let target = dir.path("out.jpg")
        #expect(throws: ForeignMakerNoteError(maker: "Canon")) {
            _ = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: target, identifier: Self.id, replaceForeignMakerNote: false)
        }
        #expect(try dir.listing().isEmpty, "no target and no temporary file is left behind")
        #expect(ForeignMakerNoteError(maker: "Canon").description
            == "has a Canon MakerNote that pairing would replace", "StillImage names no command-line option")
    }

    @Test("the refusal reads right: a/an before the maker's name")
    func foreignMakerNoteArticle() {
        let cases = ["Canon": "a", "Olympus": "an", "Epson": "an", "unknown": "an", "OnePlus": "a",
                     "LG": "an", "Sony": "a", "Huawei": "a", "Xiaomi": "a"]
        for (maker, article) in cases {
            #expect(ForeignMakerNoteError(maker: maker).description.hasPrefix("has \(article) \(maker) MakerNote that pairing would replace"),
                    "\(maker)")
        }
    }

    @Test(.enabled(if: TestFiles.hasFixture("still-foreign-makernote.jpg")))
    func replacesAForeignMakerNoteWhenAsked() throws {
        let dir = try TempDir()
        let source = TestFiles.fixture("still-foreign-makernote.jpg")
        #expect(try StillImageReader.read(path: source).makerNote == .foreign(maker: "Canon"))
        let r = try PairingCheck.pair(source, identifier: Self.id, replaceForeign: true, in: dir)
        #expect(try PairingCheck.appleNote(r.output) == .minimal(contentIdentifier: Self.id))
        if Support.reader("exiftool") != nil {
            let canon = try ExifTool.tags(source).filter { $0.hasPrefix("Canon:") }
            #expect(canon.count == 3)
            try PairingCheck.expectExifToolDiff(source, r.output, removed: canon, added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    /// Pairing in place: the source is untouched until commit; discard leaves it as it was.
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func inPlaceCommitAndDiscard() throws {
        let dir = try TempDir()
        let original = try TestFiles.bytes(TestFiles.fixture("still-apple-makernote.jpg"))
        let path = try dir.write("in-place.jpg", original)

        let discarded = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: path, identifier: Self.id, replaceForeignMakerNote: false)
        #expect(try TestFiles.bytes(path) == original)
        #expect(try dir.listing().count == 2) // the target and the prepared temporary file
        discarded.discard()
        #expect(try TestFiles.bytes(path) == original)
        #expect(try dir.listing() == ["in-place.jpg"])

        let writer = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: path, identifier: Self.id, replaceForeignMakerNote: false)
        #expect(try TestFiles.bytes(path) == original)
        try writer.commit()
        #expect(try StillImageReader.read(path: path).contentIdentifier == Self.id)
        #expect(try dir.listing() == ["in-place.jpg"])
        // Pairing again with the same identifier is stable.
        let again = try StillIdentifierWriter.prepare(sourcePath: path, targetPath: path, identifier: Self.id, replaceForeignMakerNote: false)
        try again.commit()
        #expect(try StillImageReader.read(path: path).contentIdentifier == Self.id)
    }

    @Test func rejectsBadIdentifiers() throws {
        let dir = try TempDir()
        let source = try dir.write("s.jpg", SyntheticJPEG().bytes)
        for bad in ["", "a\0b", "caf\u{E9}", String(repeating: "A", count: 256), "tab\there"] {
            #expect(throws: ParseError.self) {
                _ = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: dir.path("o.jpg"), identifier: bad, replaceForeignMakerNote: false)
            }
        }
        #expect(try dir.listing() == ["s.jpg"])
    }

    @Test("an identifier of 1 to 255 printable ASCII bytes (0x20...0x7E) is taken; any other byte, or a 256th, is refused")
    func identifierBounds() {
        for code in 0...127 {
            let b = UInt8(code)
            let text = String(decoding: [0x41, b, 0x42], as: UTF8.self)
            if (0x20...0x7E).contains(b) {
                #expect(throws: Never.self, "byte 0x\(String(b, radix: 16))") { try StillIdentifierWriter.validate(text) }
            } else {
                #expect(throws: ParseError.self, "byte 0x\(String(b, radix: 16))") { try StillIdentifierWriter.validate(text) }
            }
        }
        #expect(throws: Never.self) { try StillIdentifierWriter.validate(" ") }
        #expect(throws: Never.self) { try StillIdentifierWriter.validate(String(repeating: "~", count: 255)) }
        #expect(throws: ParseError.self) { try StillIdentifierWriter.validate(String(repeating: "~", count: 256)) }
    }
}
