import Foundation
import Testing
@testable import LivePhotoKit

/// Two movies in one folder carry the still's identifier (a copy of the movie, renamed): the
/// still pairs with the movie of its own stem, never with the copy sorted before it, and the
/// copy is reported (left alone as a movie without still, and named in `duplicate-identifier`).
@Suite("scan: copies of a movie in one folder; the still takes the movie of its own stem")
struct LibraryCopiesByStemTests {
    @Test("the copy sorted first by path does not take the still", arguments: ["A_copy.MOV", "Z_copy.MOV"])
    func stillPairsWithItsOwnStem(_ copyName: String) throws {
        let root = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let path = { (name: String) in root.appendingPathComponent(name).path }
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: root, as: "IMG_0001.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: root, as: "IMG_0001.MOV")
        let pair = try PairOperation.run(still: path("IMG_0001.JPG"), movie: path("IMG_0001.MOV"))
        try FileManager.default.copyItem(atPath: path("IMG_0001.MOV"), toPath: path(copyName))

        let scan = LibraryScanner.scan([root.path], jobs: 2)
        let kinds = scan.findings.map { "\($0.finding.rawValue) \($0.still ?? "-") \($0.movie ?? "-")" }
        #expect(scan.findings.count == 3, "\(kinds)")
        let paired = try #require(LibraryTests.finding(scan, still: path("IMG_0001.JPG")), "\(kinds)")
        #expect(paired.finding == .paired && paired.movie == path("IMG_0001.MOV"), "\(kinds)")
        let copy = try #require(LibraryTests.finding(scan, movie: path(copyName)), "\(kinds)")
        #expect(copy.finding == .movieWithoutStill && copy.still == nil)
        #expect(copy.detail == "every still carrying \(pair.identifier) is paired with another copy")
        let duplicates = scan.findings.filter { $0.finding == .duplicateIdentifier }
        #expect(duplicates.count == 1 && duplicates.first?.identifier == pair.identifier)
        let movies = [path("IMG_0001.MOV"), path(copyName)].sorted()
        #expect(duplicates.first?.copies == [path("IMG_0001.JPG")] + movies, "\(duplicates.first?.copies ?? [])")
    }
}
