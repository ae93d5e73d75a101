import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import LivePhotoKit

/// `scan` reads a HEIC still's capture time from its Exif item (the bytes it reads for the
/// identifier anyway), so HEIC stills are matched by time and checked for a capture-time mismatch.
@Suite("scan: a HEIC still's capture time, from its Exif item")
struct HEICCaptureTimeScanTests {
    /// IMG_2927.HEIC: DateTimeOriginal 2020:05:04 18:39:11, OffsetTimeOriginal -04:00.
    static let corpusStill = "iphone-heic/IMG_2927.HEIC"
    static let corpusInstant: Int64 = 1_588_631_951   // 2020-05-04T22:39:11Z

    @Test("the fixture HEIC's DateTimeOriginal (no offset: local time), the same with and without what verify reads")
    func readsFixture() throws {
        let still = Support.fixture("still-heic.heic")
        let expected = CaptureTime.exif(dateTime: "2024:01:02 03:04:05", offset: nil)
        #expect(expected != nil)
        #expect(ScannedFile.read(path: still, role: .still).captureTime == expected)
        #expect(ScannedFile.read(path: still, role: .still, forVerify: true).captureTime == expected)
        // The scan's own TIFF reader and the libexif path agree on everything they both read.
        let scanned = try HEICStill(path: still).headerFacts()
        let info = try HEICStill(path: still).info(path: still)
        #expect(scanned.captureDate == info.captureDate && scanned.contentIdentifier == info.contentIdentifier)
    }

    @Test("an iPhone HEIC: its zoned time; matched by time with a movie that started a second before it", .requires(.corpusFile(corpusStill)))
    func matchedByTime() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.corpusFile(Self.corpusStill), to: dir, as: "IMG_2927.HEIC")
        #expect(ScannedFile.read(path: still, role: .still).captureTime?.absolute == Self.corpusInstant)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir, as: "VID_20200504.mov")
        try ExportFolders.setMovieCreationTime(movie, UInt64(Self.corpusInstant - 1 + 2_082_844_800))
        let scan = LibraryScanner.scan([dir.path])
        let candidate = scan.findings.first { $0.finding == .candidate }
        #expect(candidate?.matchedBy == .captureTime && candidate?.still == still && candidate?.movie == movie, "\(scan.findings)")
        #expect(scan.findings.count == 1)
    }

    @Test("an iPhone HEIC and a same-name movie taken years apart: a capture-time mismatch", .requires(.corpusFile(corpusStill)))
    func mismatch() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.corpusFile(Self.corpusStill), to: dir, as: "IMG_2927.HEIC")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_2927.MOV")   // mvhd 2024-01-02
        let scan = LibraryScanner.scan([dir.path])
        #expect(scan.findings.map(\.finding) == [.captureTimeMismatch], "\(scan.findings)")
        #expect(scan.findings.first?.still == still && scan.findings.first?.movie == movie)
        #expect(scan.findings.first?.detail?.hasSuffix("days apart") == true)
    }
}
