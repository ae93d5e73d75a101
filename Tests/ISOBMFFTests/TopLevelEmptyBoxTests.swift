import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// An empty box is 8 bytes, all header: one ending the file is whole, not "a truncated box
/// header". Only fewer than 8 bytes left (`HeaderShortTailTests`) are.
@Suite("top-level boxes: an empty 8-byte box ending the file is a box")
struct TopLevelEmptyBoxTests {
    @Test("ftyp then an empty free: two boxes, the free of 8 bytes ending the file")
    func afterFileType() throws {
        let dir = try TempDir()
        let bytes = Support.ftyp() + Support.box("free", [])
        let top = try TopLevelBoxes.scan(FileSource(path: try dir.write("empty-last.mov", bytes)))
        #expect(top.boxes.map(\.type) == ["ftyp", "free"])
        #expect(top.boxes.last?.size == 8 && top.boxes.last?.payloadSize == 0)
        #expect(top.boxes.last?.end == UInt64(bytes.count))
        #expect(top.incompleteTailOffset == nil)
    }

    @Test("after a moov: the empty free is a box, not an incomplete tail")
    func afterMovie() throws {
        let dir = try TempDir()
        let bytes = Support.ftyp() + Support.box("moov", Support.box("free", [1])) + Support.box("free", [])
        let top = try TopLevelBoxes.scan(FileSource(path: try dir.write("empty-last.mov", bytes)))
        #expect(top.boxes.map(\.type) == ["ftyp", "moov", "free"])
        #expect(top.incompleteTailOffset == nil)
    }
}
