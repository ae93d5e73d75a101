import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// Hiding the metadata references renames a `cdsc` box only where its whole 8-byte header lies
/// in the copy given: a copy that ends right after the header has it renamed; one that ends a
/// byte before leaves it (and reads nothing past its end).
@Suite("HEIC decode check: a cdsc header is renamed only when the copy holds all 8 bytes of it")
struct HEICHideReferencesBoundsTests {
    /// The fixture, its bytes and the offset of its last `cdsc` box.
    static func lastReference() throws -> (file: HEIFFile, bytes: [UInt8], offset: Int) {
        let file = try HEIFFile.open(path: HEICDecodeCheckTests.heicFixture)
        let iref = try #require(file.meta.children?.first { $0.type == "iref" })
        let cdsc = try iref.registeredChildren(parent: "meta", path: "meta/iref", depth: 2).filter { $0.type == "cdsc" }
        let offset = Int(try #require(cdsc.last?.originalOffset))
        return (file, try Support.bytes(HEICDecodeCheckTests.heicFixture), offset)
    }

    @Test("a copy ending right after the last cdsc header: renamed to lpxx")
    func wholeHeaderRenamed() throws {
        let (file, bytes, offset) = try Self.lastReference()
        var copy = Array(bytes.prefix(offset + 8))
        try #require(Array(copy[(offset + 4)...]) == Array("cdsc".utf8))
        #expect(try HEICDecodeCheck.hideMetadataReferences(in: &copy, file: file))
        #expect(Array(copy[(offset + 4)...]) == Array("lpxx".utf8))
    }

    @Test("a copy ending 7 bytes into the last cdsc box: left as it is")
    func partHeaderLeft() throws {
        let (file, bytes, offset) = try Self.lastReference()
        let cut = Array(bytes.prefix(offset + 7))
        var copy = cut
        _ = try HEICDecodeCheck.hideMetadataReferences(in: &copy, file: file)
        #expect(copy.count == cut.count && Array(copy[(offset + 4)...]) == Array("cds".utf8))
    }
}
