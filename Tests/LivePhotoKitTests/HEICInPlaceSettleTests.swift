import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A HEIC paired in place whose new EXIF fits its Exif item's space goes through an appended
/// box first (every step safe), then, once that commit is read back, settles into the old
/// place: the file ends the size it was, with only the EXIF and its iloc extent changed.
@Suite("HEIC in place: an EXIF that fits ends up in its old place, the file its old size")
struct HEICInPlaceSettleTests {
    @Test("still-heic.heic with a new identifier: placement in place; committed, the same size and only meta and the Exif item changed")
    func settledToTheOldSize() throws {
        let dir = try TempDir()
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir.url, as: "IMG.HEIC")
        let original = try Support.bytes(still)
        let source = try HEIFFile.open(path: still)
        let exifItem = try #require(source.exifItemID.flatMap { source.locations.item($0) })
        let exifRange = try #require(try source.dataRanges(of: exifItem).first)
        let identifier = "11111111-2222-3333-4444-555555555555"

        let prepared = try HEICIdentifierWriter.prepare(sourcePath: still, targetPath: still, identifier: identifier, replaceForeignMakerNote: false)
        #expect(prepared.placement == .inPlace && !prepared.addedItem)
        try prepared.write.commit()

        let written = try Support.bytes(still)
        #expect(written.count == original.count, "settled: no appended box left")
        #expect(try StillReading.contentIdentifier(path: still) == identifier)
        let changed = original.indices.filter { original[$0] != written[$0] }
        #expect(!changed.isEmpty && changed.allSatisfy { UInt64($0) < source.metaHeader.end || exifRange.contains(UInt64($0)) })
    }
}
