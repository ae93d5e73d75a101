import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Each box of the live-photo-info setup (`setu`) is bounds-checked against the payload: a
/// size under 8 or past the bytes left is a typed error naming the box, and bytes too few for
/// another header are refused, never passed over.
@Suite("live-photo-info setup: box sizes checked against the payload")
struct LivePhotoInfoSetupBoxSizeTests {
    static func error(_ payload: [UInt8]) -> ParseError? {
        #expect(throws: ParseError.self) { _ = try LivePhotoInfoSetup(payload: payload, path: "setu") }
    }

    @Test("one stray byte after the last box is refused")
    func strayByteRefused() {
        #expect(Self.error(Support.box("cfgv", []) + [0]) != nil)
    }

    @Test("a box of size 7 does not fit: invalid value, naming setu/dims")
    func sizeBelowHeader() {
        let e = Self.error(Support.u32(7) + Array("dims".utf8) + [0, 0, 0])
        #expect(e?.kind == .invalidValue && e?.path == "setu/dims", "\(String(describing: e))")
    }

    @Test("a box one byte longer than what is left: invalid value, naming setu/cfgv")
    func sizeOneByteLong() {
        let e = Self.error(Support.u32(12) + Array("cfgv".utf8) + [1, 2, 3])
        #expect(e?.kind == .invalidValue && e?.path == "setu/cfgv", "\(String(describing: e))")
    }
}
