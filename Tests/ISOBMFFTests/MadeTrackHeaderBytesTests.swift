import Testing
import BinaryIO
@testable import ISOBMFF

/// A `tkhd` we make from scratch is the 84-byte version 0 box a camera writes: every field in
/// its place, the three reserved fields 0, as ISO 14496-12 requires of a writer.
@Suite("a made tkhd, byte for byte: version 0, reserved fields 0")
struct MadeTrackHeaderBytesTests {
    /// The version 0 payload with these values and every other field as a new track has it.
    static func expected(flags: UInt32, trackID: UInt32, duration: UInt32) -> [UInt8] {
        var w = ByteWriter()
        w.u8(0); w.u24(flags)
        w.u32(0); w.u32(0)                      // creation, modification
        w.u32(trackID); w.u32(0)                // track id, reserved
        w.u32(duration)
        w.u64(0)                                // reserved
        w.u16(0); w.u16(0); w.u16(0); w.u16(0)  // layer, alternate group, volume, reserved
        for m in TrackHeader.identityMatrix { w.i32(m) }
        w.u32(0); w.u32(0)                      // width, height
        return w.bytes
    }

    @Test("TrackHeader(flags:trackID:duration:) writes exactly the version 0 box, reserved fields 0")
    func memberwise() {
        let payload = TrackHeader(flags: 0x0F, trackID: 7, duration: 600).atom().payload
        #expect(payload.count == 84)
        #expect(payload == Self.expected(flags: 0x0F, trackID: 7, duration: 600))
        #expect(Array(payload[16..<20]) == [0, 0, 0, 0] && Array(payload[24..<32]) == [UInt8](repeating: 0, count: 8) && Array(payload[38..<40]) == [0, 0])
    }

    @Test("the still-image-time track we add carries that tkhd (its duration the track's)")
    func stillImageTimeTrack() throws {
        let trak = try Support.parseAtom(StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20).serialized())
        let tkhd = try #require(trak.child("tkhd"))
        let header = try TrackHeader(tkhd, path: "tkhd")
        #expect(header.reserved1 == 0 && header.reserved2 == 0 && header.reserved3 == 0)
        #expect(tkhd.payload == Self.expected(flags: 0x0F, trackID: 4, duration: UInt32(header.duration)))
    }
}
