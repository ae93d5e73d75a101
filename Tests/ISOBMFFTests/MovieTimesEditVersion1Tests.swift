import Testing
import BinaryIO
@testable import ISOBMFF

/// A version 1 `mvhd`/`tkhd` holds 64-bit times: an undated one gets the capture time even
/// after 2040-02-06 (past 32 bits); only a version 0 box is too narrow for it.
@Suite("movie header times: a version 1 box takes a time past 32 bits")
struct MovieTimesEditVersion1Tests {
    @Test("undated version 1 mvhd and tkhd get a post-2040 time in their 64-bit fields; none is counted too narrow")
    func version1TakesTimesAfter2040() throws {
        let time = UInt64(UInt32.max) + 1            // 2040-02-06T06:28:16Z in seconds since 1904
        var header = MovieHeader(timescale: 600, duration: 600, nextTrackID: 2)
        header.version = 1
        let mvhd = header.atom()
        let tkhd = TrackHeader(version: 1, flags: 3, trackID: 1, duration: 600).atom()
        let moov = Atom(type: "moov", children: [mvhd, Atom(type: "trak", children: [tkhd])])

        let result = MovieTimesEdit.setUnsetHeaderTimes(time, in: moov)
        #expect(result == MovieTimesEdit.Result(fieldsSet: 4, fieldsTooNarrow: 0))

        let movie = try MovieHeader(mvhd, path: "mvhd")
        #expect(movie.version == 1 && movie.creationTime == time && movie.modificationTime == time)
        let track = try TrackHeader(tkhd, path: "tkhd")
        #expect(track.version == 1 && track.creationTime == time && track.modificationTime == time)
        // The bytes a reader sees: version 1, then creation and modification as 64-bit big-endian.
        #expect(Array(mvhd.payload[0..<20]) == [1, 0, 0, 0] + [0, 0, 0, 1, 0, 0, 0, 0] + [0, 0, 0, 1, 0, 0, 0, 0])
    }
}
