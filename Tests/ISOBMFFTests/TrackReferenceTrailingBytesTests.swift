import Testing
import BinaryIO
@testable import ISOBMFF

/// A track reference (`tref/cdsc`) is a list of 32-bit track ids. Bytes after the last whole
/// id (1 to 3, too few for another) are no id: the track still reads, with the ids before them.
@Suite("track: tref ids followed by a partial id")
struct TrackReferenceTrailingBytesTests {
    static func track(trailing: [UInt8]) throws -> Track {
        let trak = StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20)
        let cdsc = try #require(trak.child("tref")?.child("cdsc"))
        #expect(cdsc.payload == Support.u32(1))
        cdsc.payload += trailing
        return try Track(try Support.parseAtom(trak.serialized()), index: 1, path: "trak")
    }

    @Test("cdsc of id 1 and 1, 2 or 3 more bytes: references cdsc [1]", arguments: [[0xEE], [0xEE, 0xFF], [0xEE, 0xFF, 0xAB]] as [[UInt8]])
    func partialIDIgnored(_ trailing: [UInt8]) throws {
        let track = try Self.track(trailing: trailing)
        #expect(track.references["cdsc"] == [1], "\(trailing.count) trailing bytes")
    }

    @Test("cdsc of id 1 and 4 more bytes: a second id")
    func wholeSecondID() throws {
        #expect(try Self.track(trailing: [0, 0, 0, 2]).references["cdsc"] == [1, 2])
    }
}
