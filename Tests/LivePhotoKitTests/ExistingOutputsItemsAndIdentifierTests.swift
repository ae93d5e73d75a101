import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// The comparisons `pair -o DIR` makes before writing: two HEIFs hold the same items but the
/// Exif one (an item that neither locates counts as the same), and the identifier the pair
/// will get is known from its inputs only when they agree.
@Suite("pair -o DIR: the items compared and the identifier known before writing")
struct ExistingOutputsItemsAndIdentifierTests {
    @Test("two HEIFs each with an item iloc does not locate: the same items")
    func unlocatedInBothIsTheSame() throws {
        let dir = try TempDir()
        let bytes = try HEIFItemReportUnlocatedBytesTests.heif()
        let a = try HEIFFile.open(path: try dir.write("a.heic", bytes))
        let b = try HEIFFile.open(path: try dir.write("b.heic", bytes))
        try #require(a.locations.item(2) == nil && b.locations.item(2) == nil && a.locations.item(1) != nil)
        #expect(ExistingOutputs.sameItemsButExif(a, b))
        #expect(ExistingOutputs.sameItemsButExif(b, a))
    }

    @Test("automatic identifier: the inputs' one when both carry the same, none when they differ, either when only one carries one")
    func knownIdentifier() {
        let s = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", m = "E5B787E0-7047-4A1A-9464-DCDFDAB14F25"
        #expect(ExistingOutputs.knownIdentifier(.automatic, stillID: s, movieID: s) == s)
        #expect(ExistingOutputs.knownIdentifier(.automatic, stillID: s, movieID: m) == nil)
        #expect(ExistingOutputs.knownIdentifier(.automatic, stillID: nil, movieID: m) == m)
        #expect(ExistingOutputs.knownIdentifier(.automatic, stillID: s, movieID: "not-an-id") == s)
    }
}
