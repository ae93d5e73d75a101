import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// A header's optional parts (the 64-bit largesize, a `uuid`'s 16-byte extended type) may end
/// exactly where the container, or the file, ends: an empty box of that form is whole, parses
/// and writes back the same bytes. Only a part cut short is refused.
@Suite("box headers ending exactly at their container's end")
struct BoxHeaderExactFitTests {
    static let userType: [UInt8] = Array(0xA0...0xAF)

    @Test("an empty 64-bit-size box last in moov: 16 bytes, parsed, written back")
    func emptyLargeSizeBoxLast() throws {
        let bytes = Support.box("moov", Support.box("free", [1]) + Support.largeBox("skip", []))
        let moov = try Support.parseAtom(bytes)
        let last = try #require(moov.children?.last)
        #expect(last.type == "skip" && last.usedLargeSize && last.payload.isEmpty && last.size == 16)
        #expect(moov.serialized() == bytes)
    }

    @Test("an empty uuid box last in moov: its extended type read, written back")
    func emptyUUIDBoxLast() throws {
        let bytes = Support.box("moov", Support.box("free", [1]) + Support.uuidBox(Self.userType, []))
        let moov = try Support.parseAtom(bytes)
        let last = try #require(moov.children?.last)
        #expect(last.type == "uuid" && last.userType == Self.userType && last.payload.isEmpty && last.size == 24)
        #expect(moov.serialized() == bytes)
    }

    @Test("the same two boxes ending the file: top-level headers of 16 and 24 bytes")
    func endingTheFile() throws {
        let dir = try TempDir()
        for (box, headerSize) in [(Support.largeBox("free", []), 16), (Support.uuidBox(Self.userType, []), 24)] {
            let bytes = Support.ftyp() + box
            let top = try TopLevelBoxes.scan(FileSource(path: try dir.write("end.mov", bytes)))
            #expect(top.boxes.count == 2)
            #expect(top.boxes.last?.headerSize == headerSize && top.boxes.last?.payloadSize == 0)
            #expect(top.boxes.last?.end == UInt64(bytes.count))
        }
    }
}
