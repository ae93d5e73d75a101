import Foundation
import Testing
@testable import LivePhotoKit

/// A still and a movie with one identifier, where the movie does not have exactly one
/// still-image-time track: not a pair, but a candidate matched by identifier. It says so
/// (`matchedBy`), and it is ordered with the findings made from identifiers, before the
/// identifier's copies.
@Suite("scan: same identifier but not one still-image-time track is a candidate matched by identifier")
struct LibraryIdentifierCandidateTests {
    static func file(_ path: String, id: String, tracks: Int = 1) -> ScannedFile {
        let still = path.hasSuffix(".JPG")
        return ScannedFile(path: path, role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie,
                           identifier: id, stillImageTimeTracks: tracks, error: nil)
    }

    @Test("the candidate says it was matched by identifier", arguments: [0, 2])
    func matchedByIdentifier(tracks: Int) throws {
        let findings = LibraryMatcher.match([
            Self.file("/l/IMG_1.JPG", id: "AAAA-1"),
            Self.file("/l/IMG_1.MOV", id: "AAAA-1", tracks: tracks),
        ])
        let candidate = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(candidate.finding == .candidate && candidate.matchedBy == .identifier)
        #expect(candidate.detail == "same identifier, but the movie has \(tracks) still-image-time tracks")
        #expect(candidate.compactJSON?.contains(#""matchedBy":"identifier""#) == true, "\(candidate.compactJSON ?? "")")
    }

    @Test("with a copy of the movie: the candidate comes before the copies it is named with")
    func candidateBeforeCopies() throws {
        let findings = LibraryMatcher.match([
            Self.file("/l/IMG_1.JPG", id: "AAAA-1"),
            Self.file("/l/IMG_1.MOV", id: "AAAA-1", tracks: 0),
            Self.file("/l/Z_copy.MOV", id: "AAAA-1", tracks: 0),
        ])
        let kinds = findings.map { "\($0.finding.rawValue) \($0.still ?? "-") \($0.movie ?? "-")" }
        try #require(findings.count >= 2, "\(kinds)")
        #expect(findings[0].finding == .candidate && findings[0].movie == "/l/IMG_1.MOV" && findings[0].matchedBy == .identifier, "\(kinds)")
        #expect(findings[1].finding == .duplicateIdentifier && findings[1].copies?.first == "/l/IMG_1.JPG", "\(kinds)")
    }
}
