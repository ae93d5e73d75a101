import Testing
@testable import LivePhotoKit

/// Matching a library at its edges: a vivo still's video beside it is in its Motion Photo
/// finding, matched by name; copies of one identifier on movies alone are named; a still
/// among several movies of its identifier pairs with the one of its own name, and a movie
/// taken by one still is not given to another; findings naming the same first file keep the
/// order the steps made them in.
@Suite("library matching: sidecar videos, movie copies, copies paired once, the order of one file's findings")
struct LibraryMatcherEdgeTests {
    static func file(_ path: String, _ role: ScannedFile.Role, id: String?, time: CaptureTime? = nil) -> ScannedFile {
        ScannedFile(path: path, role: role, format: role == .still ? .jpeg : .quickTimeMovie, identifier: id, stillImageTimeTracks: 1,
                    error: nil, captureTime: time)
    }

    @Test("a vivo still and the video it names: one motion-photo finding with the movie, matched by name")
    func sidecarVideoMatchedByName() throws {
        var still = ScannedFile(path: "/l/IMG_1.jpg", role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil)
        var summary = MotionPhotoSummary(variant: .sidecarVideo, maker: .vivo, videoBytes: 10, videoSeconds: nil, presentationTime: nil)
        summary.sidecarVideo = "/l/IMG_1.mp4"
        still.motionPhoto = summary
        let movie = ScannedFile(path: "/l/IMG_1.mp4", role: .movie, format: .mp4Movie, identifier: nil, stillImageTimeTracks: 0, error: nil)
        let findings = LibraryMatcher.match([still, movie])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.finding == .motionPhoto && finding.movie == "/l/IMG_1.mp4" && finding.matchedBy == .name)
    }

    @Test("two movies with one identifier and no still: a duplicate-identifier finding names both")
    func movieCopiesAlone() throws {
        let findings = LibraryMatcher.match([Self.file("/l/a.MOV", .movie, id: "ID-Z"), Self.file("/l/b.MOV", .movie, id: "ID-Z")])
        let duplicate = try #require(findings.first { $0.finding == .duplicateIdentifier }, "\(findings.map(\.finding))")
        #expect(duplicate.copies == ["/l/a.MOV", "/l/b.MOV"] && duplicate.identifier == "ID-Z")
    }

    @Test("one still, two movies of its identifier: it pairs with the movie of its own name, not the first by path")
    func stillPairsWithItsOwnName() throws {
        let findings = LibraryMatcher.match([Self.file("/l/a/IMG_1.MOV", .movie, id: "ID-Q"), Self.file("/l/b/IMG_1.JPG", .still, id: "ID-Q"),
                                             Self.file("/l/b/IMG_1.MOV", .movie, id: "ID-Q")])
        let paired = try #require(findings.first { $0.finding == .paired }, "\(findings.map(\.finding))")
        #expect(paired.still == "/l/b/IMG_1.JPG" && paired.movie == "/l/b/IMG_1.MOV")
    }

    @Test("two stills, one movie of one identifier: the movie pairs once; the other still is without movie")
    func aMovieIsTakenOnce() throws {
        let findings = LibraryMatcher.match([Self.file("/l/IMG_1.JPG", .still, id: "ID-R"), Self.file("/l/IMG_1.MOV", .movie, id: "ID-R"),
                                             Self.file("/l/IMG_2.JPG", .still, id: "ID-R")])
        #expect(findings.filter { $0.finding == .paired }.map(\.still) == ["/l/IMG_1.JPG"])
        let other = try #require(findings.first { $0.still == "/l/IMG_2.JPG" })
        #expect(other.finding == .stillWithoutMovie && other.movie == nil)
    }

    /// The same still path twice (a caller's list): one copy meets a movie of its name with
    /// another identifier, the other a movie taken at the same moment.
    @Test("two findings of one first file: the identifier mismatch (by name) before the capture-time candidate")
    func sameFirstFileKeepsStepOrder() throws {
        let t = CaptureTime(wallClock: 1_704_161_045, utcOffset: 3600)
        let findings = LibraryMatcher.match([Self.file("/l/IMG_1.JPG", .still, id: "ID-X", time: t), Self.file("/l/IMG_1.JPG", .still, id: nil, time: t),
                                             Self.file("/l/IMG_1.MOV", .movie, id: "ID-Y"), Self.file("/l/VID_9.MOV", .movie, id: nil, time: t)])
        #expect(findings.map(\.finding) == [.identifierMismatch, .candidate])
        #expect(findings.last?.matchedBy == .captureTime && findings.last?.movie == "/l/VID_9.MOV")
    }
}
