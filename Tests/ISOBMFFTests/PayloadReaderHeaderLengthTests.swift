import Testing
import BinaryIO
@testable import ISOBMFF

/// A parsed box's payload reader starts at the payload's file offset: past the 8-byte header,
/// the 16-byte user type of a `uuid` box, and the 8-byte largesize of a 64-bit-size header.
/// Errors name offsets from it, and children read through it take their offsets from it.
@Suite("payload reader: file offset past every header form")
struct PayloadReaderHeaderLengthTests {
    static let userType: [UInt8] = Array(0x10...0x1F)

    @Test("at base 1000: plain +8, uuid +24, largesize +16, largesize uuid +32")
    func offsets() throws {
        let uuid = Atom(type: "uuid", payload: [7, 8], userType: Self.userType)
        let wideUUID = Atom(type: "uuid", payload: [9], userType: Self.userType, usedLargeSize: true)
        let body = Support.box("free", [1, 2, 3]) + uuid.serialized() + Support.largeBox("skip", [4, 5]) + wideUUID.serialized()
        let moov = try Support.parseAtom(Support.box("moov", body), baseOffset: 1000)
        let children = try #require(moov.children)
        #expect(children.map(\.type) == ["free", "uuid", "skip", "uuid"])
        let starts: [UInt64] = [1008, 1008 + 11, 1008 + 11 + 26, 1008 + 11 + 26 + 18]
        #expect(children.map(\.originalOffset) == starts)
        #expect(children.map(\.usedLargeSize) == [false, false, true, true])
        #expect(children.map { $0.payloadReader(path: "p").fileOffset } == [starts[0] + 8, starts[1] + 24, starts[2] + 16, starts[3] + 32])
        var r = children[1].payloadReader(path: "moov/uuid")
        #expect(try r.readUInt8() == 7 && r.fileOffset == starts[1] + 25)
    }
}
