import Foundation
import Testing
import BinaryIO
@testable import StillImage
@testable import LivePhotoKit

/// HEIC stills from current iPhones (Apple MakerNote entries of BigTIFF type 16 since iOS 17):
/// read, and re-paired with only the identifier changing, as exiftool sees it.
@Suite("EXIF of current iPhone HEICs")
struct CurrentIPhoneExifTests {
    static let ios18 = "iphone-livephoto-ios18/IMG_3853.HEIC"
    static let ios18Identifier = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"

    @Test(.requires(.corpusFile(ios18)))
    func ios18ExifItemReads() throws {
        let still = try HEICStill(path: Support.corpusFile(Self.ios18))
        #expect(try still.contentIdentifier() == Self.ios18Identifier)
        let info = try still.info(path: Self.ios18)
        #expect(info.makerNote == .apple && info.contentIdentifier == Self.ios18Identifier)
        let videoIndex = try #require(info.appleMakerNote?.entries.first { $0.tag == 0x17 })
        #expect(videoIndex.type == 16 && videoIndex.value == [0, 0, 0, 2, 0, 0x50, 0x20, 0x24], "LONG8 LivePhotoVideoIndex 8595185700")
    }

    /// The Exif item's identifier is patched in place: same length, and only the 36 characters
    /// of the identifier differ.
    @Test(.requires(.corpusFile(ios18)))
    func ios18IdentifierIsPatchedInPlace() throws {
        let exif = try #require(try HEICStill(path: Support.corpusFile(Self.ios18)).exifPayload())
        let newID = "0E1D2C3B-4A59-4687-9A5B-C4D3E2F1A0B9"
        let written = try TIFFExif.settingIdentifier(tiff: exif.tiff, tiffOffset: exif.tiffOffset, path: exif.path, identifier: newID,
                                                     replaceForeignMakerNote: false, width: 0, height: 0)
        #expect(written.count == exif.tiff.count)
        let differing = exif.tiff.indices.filter { exif.tiff[$0] != written[$0] }
        let at = try #require(exif.tiff.firstRange(of: Array(Self.ios18Identifier.utf8)))
        #expect(!differing.isEmpty && differing.allSatisfy { at.contains($0) })
        #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "Exif") == newID)
    }

    /// `pair` with a new identifier on copies: exiftool's full dump differs in MediaGroupUUID alone.
    @Test(.requires(.exiftool), arguments: [ios18, "iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"])
    func pairChangesOnlyTheIdentifier(_ relative: String) throws {
        let source = try Support.requireCorpusFile(relative)
        let movieSource = try Support.requireCorpusFile("iphone-movie/iphone15-livephoto.MOV")
        let dir = try TempDir()
        let still = try Support.copy(source, to: dir.url, as: "still.HEIC")
        let movie = try Support.copy(movieSource, to: dir.url, as: "still.MOV")
        var options = PairOptions()
        let newID = "5A5A5A5A-1234-4321-8888-0123456789AB"
        options.identifier = .given(newID)
        _ = try PairOperation.run(still: still, movie: movie, options: options)
        let d = ExifTool.diff(before: try ExifTool.tags(source), after: try ExifTool.tags(still))
        let before = try ExifTool.tags(source).first { $0.hasPrefix("Apple:MediaGroupUUID=") }
        #expect(d.removed == [before].compactMap { $0 })
        #expect(d.added == ["Apple:MediaGroupUUID=\(newID)"])
    }
}
