import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// `verify --strict`'s `still-decodes` for HEIC stills: libheif decodes the primary image and
/// its size must be the declared one; damage fails the check, a plain `verify` says it did not try.
@Suite("verify: HEIC still-decodes through libheif")
struct HEICDecodeCheckTests {
    static let heicFixture = Support.fixture("still-heic.heic")

    /// A paired copy of the 320x240 fixture with `damage` applied to its bytes, and a movie.
    static func pairedCopy(_ damage: (HEIFFile, inout [UInt8]) throws -> Void = { _, _ in }) throws -> (dir: TempDir, still: String, movie: String) {
        let dir = try TempDir()
        let still = try dir.write("a.heic", Support.bytes(heicFixture))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url)
        _ = try PairOperation.run(still: still, movie: movie)
        var bytes = try Support.bytes(still)
        try damage(HEIFFile.open(path: still), &bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: still))
        return (dir, still, movie)
    }

    static func decodeCheck(_ report: VerifyReport) throws -> VerifyReport.Check {
        try #require(report.checks.first { $0.name == .stillDecodes })
    }

    @Test("--strict decodes the HEIC and passes at its declared size; without --strict it says it did not try")
    func decodesUnderStrict() throws {
        let (dir, still, movie) = try Self.pairedCopy()
        _ = dir
        let strict = try Self.decodeCheck(Verifier.verify(still: still, movie: movie, strict: true))
        #expect(strict.passed && strict.notChecked == nil && strict.detail == "decoded 320x240 (libheif)", "\(strict.detail)")
        let plain = try Self.decodeCheck(Verifier.verify(still: still, movie: movie))
        #expect(!plain.passed && plain.notChecked == true && plain.detail.contains("only under --strict"))
    }

    @Test("coded data zeroed: the check fails with libheif's reason, the pair is invalid under --strict, the file is unchanged")
    func damagedTilesFail() throws {
        let (dir, still, movie) = try Self.pairedCopy { file, bytes in
            let primary = try #require(file.locations.item(file.primaryItemID))
            for range in try file.dataRanges(of: primary) { bytes.replaceSubrange(Int(range.lowerBound)..<Int(range.upperBound), with: repeatElement(0, count: Int(range.upperBound - range.lowerBound))) }
        }
        _ = dir
        let before = try Support.bytes(still)
        let report = try Verifier.verify(still: still, movie: movie, strict: true)
        let check = try Self.decodeCheck(report)
        #expect(!check.passed && check.notChecked == nil && check.detail.hasPrefix("libheif: "), "\(check.detail)")
        #expect(!report.valid)
        #expect(try Support.bytes(still) == before)
    }

    @Test("an ispe that is not the coded size fails the check, naming both sizes")
    func declaredSizeMismatch() throws {
        let (dir, still, movie) = try Self.pairedCopy { _, bytes in
            let ispe = try #require(bytes.firstRange(of: Array("ispe".utf8)))
            // version/flags, then 32-bit width and height: 320x240 becomes 160x120.
            bytes.replaceSubrange(ispe.upperBound + 4..<ispe.upperBound + 12, with: [0, 0, 0, 160, 0, 0, 0, 120])
        }
        _ = dir
        let check = try Self.decodeCheck(Verifier.verify(still: still, movie: movie, strict: true))
        #expect(!check.passed && check.detail == "decoded 320x240, but the file declares 160x120", "\(check.detail)")
    }

    @Test("hiding metadata references renames each cdsc box in the copy and changes nothing else")
    func hideMetadataReferences() throws {
        let file = try HEIFFile.open(path: Self.heicFixture)
        let original = try Support.bytes(Self.heicFixture)
        var copy = original
        #expect(try HEICDecodeCheck.hideMetadataReferences(in: &copy, file: file))
        let cdsc = file.references.references.filter { $0.type == "cdsc" }.count
        #expect(cdsc > 0)
        #expect(zip(original, copy).filter { $0 != $1 }.count == 4 * cdsc && copy.count == original.count)
        #expect(try LibHeif.decodePrimary(copy).width == 320)
    }

    /// iOS 18: Debian's libheif 1.15 refuses the file (an XMP item describes the `tmap` item);
    /// decoded with the metadata references hidden, the pixels are heif-convert's for that copy
    /// and the size is the one a current libheif (pillow-heif) reads from the original.
    @Test("an iOS 18 HEIC that libheif 1.15 refuses as it is decodes with its metadata references hidden",
          .requires(.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC"), .heifConvert, .ffmpeg, .pillowHEIF))
    func iOS18GainMapFile() throws {
        let path = Support.corpusFile("iphone-livephoto-ios18/IMG_3853.HEIC")
        guard case .decoded(let width, let height, let note) = HEICDecodeCheck.run(path: path, expectedWidth: 5712, expectedHeight: 4284) else {
            Issue.record("IMG_3853 did not decode: \(HEICDecodeCheck.run(path: path, expectedWidth: 5712, expectedHeight: 4284))")
            return
        }
        #expect(width == 5712 && height == 4284)
        let pillow = try HEIFDecoder.digests(path).first { $0.hasPrefix("image0 ") }
        #expect(pillow?.hasPrefix("image0 5712 4284 ") == true, "\(pillow ?? "-")")
        let original = try Support.bytes(path)
        if (try? LibHeif.decodePrimary(original)) == nil {
            #expect(note?.contains("decoded without them") == true, "\(note ?? "-")")
        }
        var copy = original
        #expect(try HEICDecodeCheck.hideMetadataReferences(in: &copy, file: HEIFFile.open(path: path)))
        let dir = try TempDir()
        let hidden = try dir.write("hidden.heic", copy)
        let ours = try #require(LibHeif.decodePrimary(copy, rgb: true).rgb)
        let png = dir.path("hidden.png")
        #expect(try Support.run(try #require(Support.tool("heif-convert")), [hidden, png]).status == 0)
        let raw = try Support.run(try #require(Support.tool("ffmpeg")), ["-v", "error", "-i", png, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        let difference = Support.firstDifference(ours, Array(raw.outData))
        #expect(difference == nil, "pixels differ from heif-convert's: \(difference ?? "")")
    }
}
