import Testing
import BinaryIO
@testable import ISOBMFF

/// A track we make (the still-image-time track, like every timed-metadata track) leaves its
/// creation and modification times unset (0), as a new `mvhd` does, and its `mdhd` is the
/// camera's: version 0, flags 0, language "und", quality 0.
@Suite("a made track's tkhd and mdhd: times unset, mdhd flags 0, language und, quality 0")
struct MadeTrackHeaderFieldsTests {
    static func madeTrack() throws -> Atom {
        try Support.parseAtom(StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20).serialized())
    }

    @Test("tkhd: creation and modification time 0")
    func trackHeaderTimes() throws {
        let header = try TrackHeader(try #require(try Self.madeTrack().child("tkhd")), path: "tkhd")
        #expect(header.creationTime == 0 && header.modificationTime == 0)
    }

    @Test("mdhd: version 0, flags 0, times 0, timescale 600, duration 20, und, quality 0, nothing after")
    func mediaHeaderBytes() throws {
        let mdhd = try #require(try Self.madeTrack().find("mdia", "mdhd"))
        var expected = ByteWriter()
        expected.u8(0); expected.u24(0)
        expected.u32(0); expected.u32(0); expected.u32(600); expected.u32(20)
        expected.u16(MediaHeader.undeterminedLanguage); expected.u16(0)
        #expect(mdhd.payload == expected.bytes)
    }
}
