import Testing
import BinaryIO
@testable import ISOBMFF

/// A box in the live-photo-info setup (`setu`) may be empty: a size of exactly 8 is a whole
/// box of no payload, read in order with the rest, not a box that does not fit.
@Suite("live-photo-info setup: an empty box is a box")
struct LivePhotoInfoSetupEmptyBoxTests {
    @Test("an empty cfgv then dims: an empty configuration, then the size")
    func emptyConfiguration() throws {
        let payload = Support.box("cfgv", []) + Support.box("dims", Support.u32(1440) + Support.u32(1080))
        let read = try LivePhotoInfoSetup(payload: payload, path: "setu")
        #expect(read.boxes == [.configuration([]), .dimensions(width: 1440, height: 1080)])
        #expect(read.atom().serialized() == Support.box("setu", payload))
    }

    @Test("an empty box of another type, last: kept as an empty other box")
    func emptyOtherBox() throws {
        let payload = Support.box("dims", Support.u32(64) + Support.u32(48)) + Support.box("free", [])
        let read = try LivePhotoInfoSetup(payload: payload, path: "setu")
        #expect(read.boxes == [.dimensions(width: 64, height: 48), .other(type: "free", payload: [])])
    }
}
