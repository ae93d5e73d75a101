import Foundation
import Testing
import StillImage
import TestSupport
@testable import LivePhotoKit

/// DateTimeOriginal's zone when OffsetTimeOriginal is missing: OffsetTimeDigitized, then
/// OffsetTime (`CaptureTime.exif(_:)`), as ExifTool's time_zone.config orders them.
@Suite("EXIF capture time: the zone from OffsetTimeOriginal, else OffsetTimeDigitized, else OffsetTime")
struct ExifZoneFallbackTests {
    static let date = "2024:01:02 03:04:05"

    @Test("the first offset that reads gives the zone; none, local time")
    func preference() {
        func offset(_ original: String?, _ digitized: String?, _ modify: String?) -> Int64?? {
            CaptureTime.exif(ExifCaptureDate(dateTimeOriginal: Self.date, offsetTimeOriginal: original, offsetTimeDigitized: digitized, offsetTime: modify))
                .map { $0.utcOffset }
        }
        #expect(offset("+01:00", "+02:00", "+03:00") == .some(3600))
        #expect(offset(nil, "+02:00", "+03:00") == .some(7200))
        #expect(offset(nil, nil, "-03:30") == .some(-12600))
        #expect(offset("garbage", nil, "+03:00") == .some(10800))   // an offset that does not read is passed over
        #expect(offset(nil, nil, nil) == .some(nil))
        #expect(CaptureTime.exif(ExifCaptureDate(offsetTimeOriginal: "+01:00")) == nil)   // no date, no time
        #expect(CaptureTime.exif(nil) == nil)
    }

    /// still-exif-icc-xmp.jpg with its OffsetTimeOriginal entry's tag changed to `tag`: the same
    /// "+01:00", as another offset tag.
    static func retagged(_ tag: UInt16) throws -> [UInt8] {
        var bytes = try Support.bytes(Support.fixture("still-exif-icc-xmp.jpg"))
        let entries: [(pattern: [UInt8], bigEndian: Bool)] = [([0x90, 0x11, 0x00, 0x02], true), ([0x11, 0x90, 0x02, 0x00], false)]
        for (pattern, bigEndian) in entries {
            guard let at = (0..<bytes.count - 4).first(where: { Array(bytes[$0..<$0 + 4]) == pattern }) else { continue }
            let high = UInt8(tag >> 8), low = UInt8(tag & 0xFF)
            (bytes[at], bytes[at + 1]) = bigEndian ? (high, low) : (low, high)
            return bytes
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test("a JPEG with only OffsetTime (or OffsetTimeDigitized): scan and pair read its zone; exiftool reads the same tag",
          arguments: [(UInt16(0x9010), "OffsetTime"), (UInt16(0x9012), "OffsetTimeDigitized")])
    func onlyOtherOffset(tag: UInt16, name: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.write(try Self.retagged(tag), in: dir, name: "still.jpg")
        let facts = try StillImageReader.headerFacts(path: still)
        #expect(facts.captureDate.offsetTimeOriginal == nil)
        let time = ScannedFile.read(path: still, role: .still).captureTime
        #expect(time?.utcOffset == 3600 && time?.absolute == 1_704_161_045)   // 2024-01-02T02:04:05Z
        #expect(StillCaptureTime.read(still: still).found?.time == time)
        if let exiftool = Support.tool("exiftool") {
            let r = try Support.run(exiftool, ["-s3", "-\(name)", "-OffsetTimeOriginal", still])
            #expect(r.out.trimmingCharacters(in: .whitespacesAndNewlines) == "+01:00")
        }
        let movie = try MovieDateTests.undatedCopy("movie-moov-last.mov", in: dir)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate?.creationDate == "2024-01-02T03:04:05+0100")
        #expect(result.movieDate?.headerTimes == "2024-01-02T02:04:05+0000")
    }
}
