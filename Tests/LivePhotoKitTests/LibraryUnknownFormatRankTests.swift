import Testing
@testable import LivePhotoKit

/// Among several stills or movies of one name, matching by name takes the JPEG, then the HEIC,
/// and a file whose format is not known last (QuickTime, then MP4, then unknown for movies),
/// whatever order the files come in.
@Suite("library matching: a file of unknown format comes after HEIC and MP4")
struct LibraryUnknownFormatRankTests {
    static func file(_ path: String, _ role: ScannedFile.Role, _ format: FileKind) -> ScannedFile {
        ScannedFile(path: path, role: role, format: format, identifier: nil, stillImageTimeTracks: 0, error: nil)
    }

    @Test("the unknown file, listed first, is passed over for the HEIC still and for the MP4 movie")
    func unknownRanksLast() throws {
        let files = [
            Self.file("/lib/IMG_1.AAA", .still, .unknown),
            Self.file("/lib/IMG_1.HEIC", .still, .heic),
            Self.file("/lib/IMG_1.MOV", .movie, .quickTimeMovie),
            Self.file("/lib/IMG_2.AAA", .movie, .unknown),
            Self.file("/lib/IMG_2.JPG", .still, .jpeg),
            Self.file("/lib/IMG_2.MP4", .movie, .mp4Movie),
        ]
        let findings = LibraryMatcher.match(files)
        let first = try #require(findings.first { $0.movie == "/lib/IMG_1.MOV" && $0.isPair }, "\(findings)")
        #expect(first.still == "/lib/IMG_1.HEIC")
        let second = try #require(findings.first { $0.still == "/lib/IMG_2.JPG" && $0.isPair }, "\(findings)")
        #expect(second.movie == "/lib/IMG_2.MP4")
    }
}
