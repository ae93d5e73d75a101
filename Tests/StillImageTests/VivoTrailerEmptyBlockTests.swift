import BinaryIO
import Foundation
import Testing
@testable import StillImage

/// The trailer starts where its `vivo{` block does when there is one before `cameralbum!/`,
/// the block holding nothing at all included, and wherever it lies in the bytes read: at the
/// file's very first byte (a file that is the trailer alone) as well as further on.
@Suite("vivo trailer: an empty block, at the first byte read or later")
struct VivoTrailerEmptyBlockTests {
    @Test("vivo{ right before cameralbum!/, after 0, 1 or 7 other bytes: the trailer starts at the block, which names no id", arguments: [0, 1, 7])
    func emptyBlockFirst(_ before: Int) throws {
        let dir = try TempDir()
        let lead = [UInt8](repeating: 0x41, count: before)
        let path = dir.path("v.jpg")
        try Data(lead + Array("vivo{cameralbum!/abc".utf8)).write(to: URL(fileURLWithPath: path))
        let t = try #require(try VivoLivePhotoTrailer.read(FileSource(path: path)))
        #expect(t.albumIdentifier == "abc" && t.jsonIdentifier == nil && !t.isConsistent)
        #expect(t.offset == UInt64(before), "the trailer starts at the block (\(before)), not at the album marker: \(t.offset)")
    }
}
