import Testing
import BinaryIO
@testable import ISOBMFF

/// The sibling index in an error path counts every box of the damaged one's type that the
/// container's headers lead to, and a 64-bit-size (size 1) header leads on like any other:
/// its largesize is read and the walk goes on past it.
@Suite("error paths: sibling indexes count the boxes after a 64-bit-size sibling")
struct SiblingIndexPastLargeSizeTests {
    /// A `free` smaller than its own header: the box the parse fails on.
    static var damagedFree: [UInt8] {
        var bad = Support.box("free", [])
        Support.putU32(4, at: 0, in: &bad)
        return bad
    }

    @Test("a 64-bit-size free, then a damaged free: the damaged one is free[2], at its own offset")
    func afterALargeSizeOfTheSameType() throws {
        let first = Support.largeBox("free", [1, 2])
        let bytes = Support.box("moov", first + Self.damagedFree)
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes) }
        #expect(error.kind == .invalidValue)
        #expect(error.path == "moov/free[2]")
        #expect(error.offset == UInt64(8 + first.count))
    }

    @Test("a 64-bit-size skip, a free, then a damaged free: the walk passes the skip and counts both frees")
    func afterALargeSizeOfAnotherType() throws {
        let bytes = Support.box("moov", Support.largeBox("skip", [9]) + Support.box("free", [7]) + Self.damagedFree)
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes) }
        #expect(error.path == "moov/free[2]")
    }
}
