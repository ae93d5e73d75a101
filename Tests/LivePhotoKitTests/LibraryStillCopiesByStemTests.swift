import Foundation
import Testing
@testable import LivePhotoKit

/// Two stills in one folder carry the movie's identifier (a copy of the still, renamed): the
/// movie pairs with the still of its own stem, never with the copy sorted before it, and the
/// copy is reported (a still without movie, named in `duplicate-identifier`).
@Suite("scan: copies of a still in one folder; the movie takes the still of its own stem")
struct LibraryStillCopiesByStemTests {
    @Test("the still copy sorted first by path does not take the movie", arguments: ["A_copy.JPG", "Z_copy.JPG"])
    func movieTakesItsOwnStem(_ copyName: String) throws {
        let dir = try TempDir()
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir.url, as: "IMG_0001.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "IMG_0001.MOV")
        let pair = try PairOperation.run(still: dir.path("IMG_0001.JPG"), movie: dir.path("IMG_0001.MOV"))
        try FileManager.default.copyItem(atPath: dir.path("IMG_0001.JPG"), toPath: dir.path(copyName))

        let scan = LibraryScanner.scan([dir.url.path], jobs: 2)
        let kinds = scan.findings.map { "\($0.finding.rawValue) \($0.still ?? "-") \($0.movie ?? "-")" }
        #expect(scan.findings.count == 3, "\(kinds)")
        let paired = try #require(LibraryTests.finding(scan, movie: dir.path("IMG_0001.MOV")), "\(kinds)")
        #expect(paired.finding == .paired && paired.still == dir.path("IMG_0001.JPG"), "\(kinds)")
        let copy = try #require(LibraryTests.finding(scan, still: dir.path(copyName)), "\(kinds)")
        #expect(copy.finding == .stillWithoutMovie && copy.movie == nil, "\(kinds)")
        #expect(copy.detail == "every movie carrying \(pair.identifier) is paired with another copy")
        let duplicates = scan.findings.filter { $0.finding == .duplicateIdentifier }
        #expect(duplicates.count == 1 && duplicates.first?.identifier == pair.identifier)
        let stills = [dir.path("IMG_0001.JPG"), dir.path(copyName)].sorted()
        #expect(duplicates.first?.copies == stills + [dir.path("IMG_0001.MOV")], "\(duplicates.first?.copies ?? [])")
    }
}
