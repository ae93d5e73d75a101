import Foundation
import Testing
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// `inspect` lists a movie's metadata items (`moov/meta` and `udta`) by key with their decoded
/// values; the content identifier is reported on its own (`contentIdentifier`), never among them.
@Suite("inspect: a movie's metadata items are listed, the identifier apart")
struct InspectMovieMetadataTests {
    @Test("an undated fixture movie paired with a dated still: its creationdate item is listed, the identifier is not")
    func pairedFixtureMovie() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try MovieDateTests.undatedCopy("movie-moov-last.mov", in: dir)
        try #require(try Inspector.inspect(path: movie).movie?.metadata == [], "the fixture carries no metadata item before pairing")
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        var options = PairOptions()
        options.identifier = .given("0E5A4C2B-6D1F-4A8E-9B3C-7F2D1E0A5B64")
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .paired)

        let report = try #require(try Inspector.inspect(path: movie).movie)
        #expect(report.contentIdentifier == "0E5A4C2B-6D1F-4A8E-9B3C-7F2D1E0A5B64")
        #expect(report.metadata == [.init(key: "com.apple.quicktime.creationdate", value: "2024-01-02T03:04:05+0100")], "\(report.metadata)")
    }

    @Test("the iPhone 15 camera movie: make, model, software and creationdate listed with their values, the identifier not",
          .requires(.corpusFile("iphone-movie/iphone15-livephoto.MOV")))
    func cameraMovie() throws {
        let report = try Inspector.movieReport(try MovieFile.open(path: Support.corpusFile("iphone-movie/iphone15-livephoto.MOV")))
        let values = Dictionary(report.metadata.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(values["com.apple.quicktime.make"] == "Apple")
        #expect(values["com.apple.quicktime.model"] == "iPhone 15")
        #expect(values["com.apple.quicktime.software"] == "17.6.1")
        #expect(values["com.apple.quicktime.creationdate"] == "2024-09-06T18:08:07+0200")
        #expect(values["com.apple.quicktime.live-photo.auto"] == "1")
        #expect(report.contentIdentifier == "7EF4936E-3840-45DC-BA67-70154919699F")
        #expect(!report.metadata.contains { $0.key == "com.apple.quicktime.content.identifier" })
        #expect(report.metadata.count == 9, "\(report.metadata.map(\.key))")
    }
}
