import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A QuickTime zero terminator ending a container is 4 bytes in the container's size: a
/// container holding one is written back with the size it was read with, byte for byte, in
/// itself and inside its parent.
@Suite("QuickTime terminator: 4 bytes in its container's size")
struct ContainerTerminatorSizeTests {
    /// `udta { free(8), 00000000 }`: 8 + 8 + 4 = 20 bytes.
    static let udta: [UInt8] = Support.u32(20) + Array("udta".utf8) + Support.u32(8) + Array("free".utf8) + Support.u32(0)

    @Test("udta ending in a terminator: size 20, written back as read")
    func udtaRoundTrip() throws {
        let atom = try Support.parseAtom(Self.udta)
        let last = try #require(atom.children?.last)
        try #require(last.isTerminator)
        #expect(last.size == 4)
        #expect(atom.size == 20)
        #expect(atom.serialized() == Self.udta)
    }

    @Test("inside moov: every size as read")
    func nestedRoundTrip() throws {
        let moov = Support.box("moov", Self.udta)
        let atom = try Support.parseAtom(moov)
        #expect(atom.size == UInt64(moov.count))
        #expect(atom.serialized() == moov)
    }
}
