import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Pairing real camera files from ../shared/corpus (skipped when the corpus is absent).
@Suite("Pairing write of the still (real files)")
struct WriterCorpusTests {
    static let id = "1F2E3D4C-5B6A-4978-8695-A4B3C2D1E0F9"

    /// iPhone 6: ten MakerNote entries and no tag 17. Every entry is kept and every other EXIF
    /// tag (GPS, thumbnail, ...) reads the same in exiftool; only MediaGroupUUID is added.
    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg")))
    func iPhone6KeepsEveryTag() throws {
        let dir = try TempDir()
        let source = TestFiles.corpusFile("iphone-jpeg/iphone6.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let before = try #require(try PairingCheck.appleNote(source))
        let after = try #require(try PairingCheck.appleNote(r.output))
        #expect(after.entries.filter { $0.tag != 0x11 } == before.entries)
        #expect(after.entries.map(\.tag) == [1, 2, 3, 4, 5, 6, 7, 8, 10, 14, 17])
        try expectThumbnailKept(source, r.output, length: 14671)
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    @Test(.requires(.corpusFile("iphone-jpeg/iphone7-small.jpg")))
    func iPhone7Small() throws {
        let dir = try TempDir()
        let source = TestFiles.corpusFile("iphone-jpeg/iphone7-small.jpg")
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        let before = try #require(try PairingCheck.appleNote(source))
        let after = try #require(try PairingCheck.appleNote(r.output))
        #expect(after.entries.filter { $0.tag != 0x11 } == before.entries.filter { $0.tag != 0x11 })
        try TurboJPEG.decodeFully(path: r.output)
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    @Test(.requires(.corpusFile("avfoundation-pair/IMG.JPG")))
    func avFoundationStillGetsTheMovieIdentifier() throws {
        let dir = try TempDir()
        let source = TestFiles.corpusFile("avfoundation-pair/IMG.JPG")
        let movieID = "83599CB7-66F5-4CE1-AE92-EEFD988AB08A"
        #expect(try StillImageReader.read(path: source).contentIdentifier == "E5B787E0-7047-4A1A-9464-DCDFDAB14F25")
        let r = try PairingCheck.pair(source, identifier: movieID, in: dir)
        #expect(r.after.segments.first?.identifier == "JFIF")
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output,
                removed: ["Apple:MediaGroupUUID=E5B787E0-7047-4A1A-9464-DCDFDAB14F25"], added: ["Apple:MediaGroupUUID=\(movieID)"])
        }
    }

    /// The corpus README calls this file's MakerNote "Samsung", but the file carries no
    /// MakerNote tag at all (exiftool -v3 lists 32 ExifIFD entries, none 0x927C): it is an
    /// edited export. With nothing to lose, pairing adds an Apple MakerNote and keeps every
    /// tag. A real Samsung MakerNote is refused (SyntheticExifWriterTests.refusesSamsungMakerNote).
    @Test(.requires(.corpusFile("android-jpeg/samsung-sm-g960f.jpg")))
    func samsungExportWithoutMakerNote() throws {
        let dir = try TempDir()
        let source = TestFiles.corpusFile("android-jpeg/samsung-sm-g960f.jpg")
        let info = try StillImageReader.read(path: source)
        #expect(info.make == "samsung" && info.model == "SM-G960F")
        #expect(info.makerNote == MakerNoteKind.none)
        let r = try PairingCheck.pair(source, identifier: Self.id, in: dir)
        #expect(r.after.segments.map { $0.identifier ?? $0.name } == r.before.segments.map { $0.identifier ?? $0.name })
        if Support.reader("exiftool") != nil {
            try PairingCheck.expectExifToolDiff(source, r.output, removed: [], added: ["Apple:MediaGroupUUID=\(Self.id)"])
        }
    }

    @Test(.requires(.corpusFile("iphone-heic/IMG_2927.HEIC")))
    func heicIsRefusedAsNotAJPEG() throws {
        let dir = try TempDir()
        #expect {
            _ = try StillIdentifierWriter.prepare(sourcePath: TestFiles.corpusFile("iphone-heic/IMG_2927.HEIC"),
                                                  targetPath: dir.path("o.jpg"), identifier: Self.id, replaceForeignMakerNote: false)
        } throws: { ($0 as? ParseError)?.kind == .unsupported && "\($0)".contains("not a JPEG") }
        #expect(try dir.listing().isEmpty)
    }

    func expectThumbnailKept(_ source: String, _ output: String, length: Int) throws {
        func thumbnail(_ path: String) throws -> [UInt8]? {
            let s = try FileSource(path: path)
            let exif = try #require(try JPEGStructure.read(s).exifSegment)
            let tiff = try ExifTIFF(payload: s.read(at: exif.payloadOffset, count: exif.payloadLength))
            return tiff.thumbnail.map(Array.init)
        }
        let before = try #require(try thumbnail(source))
        #expect(before.count == length && before.starts(with: [0xFF, 0xD8]))
        #expect(try thumbnail(output) == before)
    }
}
