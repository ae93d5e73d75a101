import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// `StillIdentifierWriter.prepare` checks the identifier before it opens or reads the still:
/// a bad identifier is the error reported, whatever the still is (not a JPEG, or absent), and
/// nothing is written beside it.
@Suite("still identifier writer: the identifier is checked before the still is read")
struct StillIdentifierCheckedFirstTests {
    static let message = "the content identifier must be 1 to 255 printable ASCII characters"

    @Test("an empty identifier with a file that is not a JPEG, and with no file at all: the identifier's error", arguments: [true, false])
    func identifierErrorFirst(_ sourceExists: Bool) throws {
        let dir = try TempDir()
        let source = sourceExists ? try dir.write("s.jpg", Array("not a jpeg at all".utf8)) : dir.path("missing.jpg")
        let error = #expect(throws: ParseError.self) {
            _ = try StillIdentifierWriter.prepare(sourcePath: source, targetPath: dir.path("o.jpg"), identifier: "", replaceForeignMakerNote: false)
        }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == Self.message, "\(String(describing: error))")
        #expect(try dir.listing() == (sourceExists ? ["s.jpg"] : []))
    }
}
