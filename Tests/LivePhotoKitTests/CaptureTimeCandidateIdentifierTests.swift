import Testing
@testable import LivePhotoKit

/// Matching by capture time never joins a still and a movie whose identifiers differ: two
/// identifiers that disagree say the files are of different Live Photos, however close their
/// times. Identifiers that agree (or one missing) leave it to the times.
@Suite("capture-time matching: differing identifiers are never the same moment")
struct CaptureTimeCandidateIdentifierTests {
    static let t = CaptureTime(wallClock: 1_704_161_045, utcOffset: 3600)

    @Test("same time, identifiers A and B: not the same moment; A and A, or the movie without one: the same moment")
    func identifiersDecideFirst() {
        let still = LibraryMatcherEdgeTests.file("/l/DSC_1.JPG", .still, id: "ID-A", time: Self.t)
        #expect(!CaptureTimeCandidates.sameMoment(still, LibraryMatcherEdgeTests.file("/l/VID_9.MOV", .movie, id: "ID-B", time: Self.t)))
        #expect(CaptureTimeCandidates.sameMoment(still, LibraryMatcherEdgeTests.file("/l/VID_9.MOV", .movie, id: "ID-A", time: Self.t)))
        #expect(CaptureTimeCandidates.sameMoment(still, LibraryMatcherEdgeTests.file("/l/VID_9.MOV", .movie, id: nil, time: Self.t)))
    }

    @Test("a still and a movie of other names, taken together, with identifiers A and B: no capture-time candidate, each is alone")
    func differingIdentifiersNotCandidates() {
        let files = [LibraryMatcherEdgeTests.file("/l/DSC_1.JPG", .still, id: "ID-A", time: Self.t),
                     LibraryMatcherEdgeTests.file("/l/VID_9.MOV", .movie, id: "ID-B", time: Self.t)]
        let findings = LibraryMatcher.match(files)
        #expect(findings.map(\.finding) == [.stillWithoutMovie, .movieWithoutStill], "\(findings)")
        #expect(!findings.contains { $0.finding == .candidate })
    }
}
