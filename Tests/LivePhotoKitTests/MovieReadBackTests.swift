import Foundation
import Testing
import ISOBMFF
@testable import LivePhotoKit

/// The read-back of an edited movie before `pair` writes it: each thing it wants (the
/// identifier, the date it wrote, a still-image-time track) missing is refused on its own.
@Suite("Movie read-back: identifier, date and still-image-time track each checked")
struct MovieReadBackTests {
    static let id = "11111111-2222-3333-4444-555555555555"
    static let refusal = "the edited movie would not read back (the identifier, the date or the still-image-time track does not read back); nothing was changed"

    static func edited(in dir: URL) throws -> (plan: MovieRewritePlan, path: String) {
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let plan = MovieRewritePlan(file: try MovieFile.open(path: movie))
        try LivePhotoMovieEdit.apply(to: plan, identifier: id, atMillisecond: 500)
        return (plan, movie)
    }

    static func expectRefused(_ plan: MovieRewritePlan, identifier: String = id, creationDate: String? = nil, path: String) {
        let e = #expect(throws: LivePhotoError.self) { try MovieReadBack.check(plan, identifier: identifier, creationDate: creationDate, path: path) }
        #expect(e?.category == .refused && e?.path == path)
        #expect(e?.reason == refusal, "\(String(describing: e?.reason))")
    }

    @Test func anotherIdentifier() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (plan, path) = try Self.edited(in: dir)
        try MovieReadBack.check(plan, identifier: Self.id, path: path)
        Self.expectRefused(plan, identifier: "11111111-2222-3333-4444-555555555556", path: path)
    }

    @Test func theDateWrittenReadsBack() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (plan, path) = try Self.edited(in: dir)
        let date = "2024-05-06T07:08:09+0200"
        Self.expectRefused(plan, creationDate: date, path: path)
        var report: MovieDate? = nil
        try MovieDatePlan(creationDate: date, headerSeconds: nil).apply(to: plan, report: &report)
        try MovieReadBack.check(plan, identifier: Self.id, creationDate: date, path: path)
        Self.expectRefused(plan, creationDate: "2024-05-06T07:08:10+0200", path: path)
    }

    @Test func withoutTheStillImageTimeTrack() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (plan, path) = try Self.edited(in: dir)
        let before = try plan.readBack().stillImageTimeTracks.map(\.trackID)
        #expect(before.count == 1)
        plan.moov.children?.removeAll { $0.type == "trak" && $0.find("tkhd").map { Self.trackID($0) } == before.first }
        #expect(try plan.readBack().metadata?.stringValue(forKey: Movie.contentIdentifierKey) == Self.id, "the identifier still reads")
        Self.expectRefused(plan, path: path)
    }

    /// A `tkhd`'s track ID (after version/flags and two times of 4 or 8 bytes).
    static func trackID(_ tkhd: Atom) -> UInt32 {
        let at = tkhd.payload.first == 1 ? 4 + 16 : 4 + 8
        return tkhd.payload[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
