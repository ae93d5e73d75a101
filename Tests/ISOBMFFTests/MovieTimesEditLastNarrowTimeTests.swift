import Testing
import BinaryIO
@testable import ISOBMFF

/// A version 0 header holds a time of up to UInt32.max seconds since 1904 (2040-02-06 06:28:15
/// UTC): that last second is set like any other; only a time past it is too narrow.
@Suite("movie header times: UInt32.max fits a version 0 box, one more does not")
struct MovieTimesEditLastNarrowTimeTests {
    static func undated() -> (moov: Atom, mvhd: Atom, tkhd: Atom) {
        let mvhd = MovieHeader(timescale: 600, duration: 600, nextTrackID: 2).atom()
        let tkhd = TrackHeader(flags: 3, trackID: 1, duration: 600).atom()
        return (Atom(type: "moov", children: [mvhd, Atom(type: "trak", children: [tkhd])]), mvhd, tkhd)
    }

    @Test("UInt32.max is set in every version 0 field and counted; none is too narrow")
    func lastSecondIsSet() throws {
        let (moov, mvhd, tkhd) = Self.undated()
        let time = UInt64(UInt32.max)
        #expect(MovieTimesEdit.setUnsetHeaderTimes(time, in: moov) == MovieTimesEdit.Result(fieldsSet: 4, fieldsTooNarrow: 0))
        let movie = try MovieHeader(mvhd, path: "mvhd"), track = try TrackHeader(tkhd, path: "tkhd")
        #expect(movie.version == 0 && movie.creationTime == time && movie.modificationTime == time)
        #expect(track.version == 0 && track.creationTime == time && track.modificationTime == time)
    }

    @Test("one second more is too narrow for every version 0 field, and nothing changes")
    func oneMoreIsTooNarrow() throws {
        let (moov, _, _) = Self.undated()
        let before = moov.serialized()
        #expect(MovieTimesEdit.setUnsetHeaderTimes(UInt64(UInt32.max) + 1, in: moov) == MovieTimesEdit.Result(fieldsSet: 0, fieldsTooNarrow: 4))
        #expect(moov.serialized() == before)
    }
}
