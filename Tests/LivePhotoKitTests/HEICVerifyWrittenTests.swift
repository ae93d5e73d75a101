import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// The read-back check of a HEIC pair wrote: the result must hold the identifier, keep the
/// primary item, `hdlr`/`pitm`/`iprp`/`dinf`, every item's description and every other item's
/// bytes. Where the bytes sit may change (that is the edit); anything else is refused.
@Suite("HEIC: the written file is checked against the original")
struct HEICVerifyWrittenTests {
    static let identifier = "11111111-2222-3333-4444-555555555555"

    /// The fixture's original and its copy paired with `identifier`.
    static func written(in dir: URL) throws -> (source: HEIFFile, path: String) {
        let original = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "original.heic")
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0001.HEIC")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_0001.MOV")
        var options = PairOptions()
        options.identifier = .given(identifier)
        _ = try PairOperation.run(still: still, movie: movie, options: options)
        return (try HEIFFile.open(path: original), still)
    }

    /// The check as the writer runs it on a file it wrote (read back from its path).
    static func check(_ source: HEIFFile, _ path: String) throws {
        let exifItem = try #require(try HEIFFile.open(path: path).exifItemID)
        try HEICIdentifierWriter.verifyWritten(sourceFile: source, writtenPath: path, editedItem: exifItem, identifier: identifier)
    }

    static func expectRefused(_ source: HEIFFile, _ path: String, _ message: String) {
        let error = #expect(throws: ParseError.self) { try check(source, path) }
        #expect(error?.message == message, "\(String(describing: error))")
    }

    @Test("the written file passes, laid out anew too; the original (another identifier) does not")
    func passes() throws {
        let dir = try TempDir()
        let (source, path) = try Self.written(in: dir.url)
        try Self.check(source, path)
        let file = try HEIFFile.open(path: path)
        for layout in [HEIFRelayout(ilocVersion: 0, offsetSize: 4, lengthSize: 4), HEIFRelayout(metaAfterMdat: true),
                       HEIFRelayout(ilocVersion: 2, offsetSize: 8, lengthSize: 4, indexSize: 8, splitPrimary: true)] {
            try Self.check(source, try dir.write("relaid.heic", try layout.build(from: file)))
        }
        Self.expectRefused(source, try dir.write("source.heic", try Support.bytes(HEICPairTests.heicFixture)), "the written file does not hold the identifier")
    }

    @Test("a changed byte of the image, the hdlr or an item's description is refused naming what changed")
    func changes() throws {
        let dir = try TempDir()
        let (source, path) = try Self.written(in: dir.url)
        let bytes = try Support.bytes(path)
        let file = try HEIFFile.open(path: path)
        let primary = try #require(file.locations.items.first { $0.itemID == file.primaryItemID })
        var image = bytes
        image[Int(primary.baseOffset + primary.extents[0].offset) + 20] ^= 0x01
        Self.expectRefused(source, try dir.write("image.heic", image), "the written file changed the bytes of item \(file.primaryItemID)")

        // A reserved byte of meta's hdlr (after version, pre_defined and the handler type).
        let hdlr = try #require(file.meta.children?.first { $0.type == "hdlr" }?.originalOffset)
        var handler = bytes
        handler[Int(hdlr) + 8 + 4 + 4 + 4 + 1] ^= 0x01
        Self.expectRefused(source, try dir.write("hdlr.heic", handler), "the written file has a different 'hdlr'")

        // The type of the first item described (an infe of version 2 or 3: the type follows the
        // full-box header, the 16-bit id and the protection index).
        let entry = try #require(file.itemInfo.entries.first)
        let infe = try #require(Self.firstInfeOffset(bytes))
        #expect(Array(bytes[infe + 16..<infe + 20]) == Array(entry.itemType!.description.utf8))
        var retyped = bytes
        retyped[infe + 19] ^= 0x20
        Self.expectRefused(source, try dir.write("infe.heic", retyped), "the written file describes item \(entry.itemID) differently")
    }

    /// The offset of the first `infe` box's header (its type at +4).
    static func firstInfeOffset(_ bytes: [UInt8]) -> Int? {
        let infe = Array("infe".utf8)
        return (4..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == infe }.map { $0 - 4 }
    }
}
