import Testing
import BinaryIO
@testable import ISOBMFF

/// A header time of 0 means "no time": given as the time to set, it sets nothing and is not
/// counted; the smallest real time, 1 s after 1904-01-01, is set and counted like any other.
@Suite("movie header times: 0 sets nothing, 1 is a time")
struct MovieTimesEditSmallValuesTests {
    static func undated() -> (moov: Atom, mvhd: Atom) {
        let mvhd = MovieHeader(timescale: 600, duration: 600, nextTrackID: 2).atom()
        return (Atom(type: "moov", children: [mvhd]), mvhd)
    }

    @Test("a time of 1 s is set in both fields and counted twice")
    func oneSecondIsSet() throws {
        let (moov, mvhd) = Self.undated()
        #expect(MovieTimesEdit.setUnsetHeaderTimes(1, in: moov) == MovieTimesEdit.Result(fieldsSet: 2, fieldsTooNarrow: 0))
        let after = try MovieHeader(mvhd, path: "mvhd")
        #expect(after.creationTime == 1 && after.modificationTime == 1)
    }

    @Test("a creation time of 0 leaves its field unset and uncounted; the modification time is set")
    func zeroIsNoTime() throws {
        let (moov, mvhd) = Self.undated()
        #expect(MovieTimesEdit.setUnsetHeaderTimes(creation: 0, modification: 5, in: moov) == MovieTimesEdit.Result(fieldsSet: 1, fieldsTooNarrow: 0))
        let after = try MovieHeader(mvhd, path: "mvhd")
        #expect(after.creationTime == 0 && after.modificationTime == 5)
        let (untouched, _) = Self.undated()
        let before = untouched.serialized()
        #expect(MovieTimesEdit.setUnsetHeaderTimes(0, in: untouched) == MovieTimesEdit.Result())
        #expect(untouched.serialized() == before)
    }
}
