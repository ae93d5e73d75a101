import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// A date after 2040-02-06 does not fit a version 0 `mvhd`/`tkhd`/`mdhd` time field: the
/// fields left unset for it are counted in the report's note, down to a single one.
@Suite("movie date: one time field too narrow for the date is noted")
struct MovieDateNarrowFieldNoteTests {
    @Test("every header time set but mvhd's modification time: a date past 2040 notes that one field")
    func oneNarrowFieldIsNoted() throws {
        let plan = MovieRewritePlan(file: try MovieFile.open(path: Support.fixture("movie-moov-last.mov")))
        MovieTimesEdit.setUnsetHeaderTimes(creation: 5, modification: 5, in: plan.moov)
        let mvhd = try #require(plan.moov.child("mvhd"))
        var header = try MovieHeader(mvhd, path: "mvhd")
        try #require(header.version == 0)
        header.modificationTime = 0
        mvhd.payload = header.atom().payload

        var report: MovieDate? = MovieDate()
        try MovieDatePlan(creationDate: "2041-01-01T00:00:00+0000", headerSeconds: UInt64(UInt32.max) + 1).apply(to: plan, report: &report)
        #expect(report?.note == "1 mvhd/tkhd/mdhd time fields left unset: their version 0 boxes cannot hold a time after 2040-02-06")
        #expect(try MovieHeader(mvhd, path: "mvhd").modificationTime == 0)
    }
}
