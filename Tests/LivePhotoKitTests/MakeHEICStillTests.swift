import Foundation
import Testing
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// `make --still-format heic`: the still is a HEIC encoded by libheif with the movie's EXIF as
/// its `Exif` item, the identifier set by `pair`'s HEIC writer, and its pixels stored the way a
/// player shows the video (HEIF readers ignore EXIF Orientation), in sRGB (said in the HEVC
/// stream's VUI; libheif writes no `colr` box for it).
@Suite("make: a HEIC still")
struct MakeHEICStillTests {
    @Test("<stem>.HEIC: verify --strict passes, exiftool reads the identifier, libheif shows it as ffmpeg plays the video",
          .requires(.ffmpeg, .exiftool), arguments: [0, 90])
    func heicStill(rotate: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = MakeClips.Clip(name: "h264-heic-\(rotate)", codec: "h264", width: 320, height: 240, rate: 15, rotate: rotate == 0 ? nil : rotate)
        let movie = try MakeClips.generate(clip, in: dir, duration: 1)
        var options = MakeOptions()
        options.stillFormat = .heic
        options.stillTime = .frame(5)
        let result = try MakeOperation.run(movie: movie, options: options)
        #expect(result.still.hasSuffix(".HEIC"))
        #expect(result.orientation == 1, "the pixels are stored upright; EXIF Orientation says so")
        #expect(try FileKind.detect(path: result.still) == .heic)

        let report = try Verifier.verify(still: result.still, movie: result.movieOutput, strict: true)
        #expect(report.valid, "\(report.checks.filter { !$0.passed }.map { "\($0.name): \($0.detail)" })")
        #expect(report.checks.first { $0.name == .stillDecodes }?.passed == true)
        let exiftool = try Support.requireTool("exiftool")
        let tag = try Support.run(exiftool, ["-s3", "-Apple:MediaGroupUUID", result.still])
        #expect(tag.out.trimmingCharacters(in: .whitespacesAndNewlines) == result.identifier, "\(tag.out)\(tag.err)")

        let shown = try LibHeif.decodePrimary(Support.bytes(result.still), rgb: true)
        let (width, height) = rotate == 90 ? (clip.height, clip.width) : (clip.width, clip.height)
        #expect(shown.width == width && shown.height == height)
        // The EXIF's pixel size is the size stored: turned with the pixels.
        let size = try Support.run(exiftool, ["-s3", "-ExifIFD:ExifImageWidth", "-ExifIFD:ExifImageHeight", result.still])
        #expect(size.out.split(separator: "\n") == ["\(width)", "\(height)"], "\(size.out)\(size.err)")
        // ffmpeg applies the display matrix when it decodes (its default autorotation).
        let vf = "select=eq(n\\,5),scale=in_color_matrix=\(clip.referenceMatrix):in_range=tv"
        let played = try MakeClips.decode(["-i", movie, "-vf", vf], width: width, height: height, in: dir)
        let ours = MakeClips.Picture(width: width, height: height, rgb: try #require(shown.rgb))
        // libheif 1.15 subsamples and upsamples chroma by nearest sample: on testsrc2's saturated
        // edges `heif-enc -q 92` of the same frame reaches 32.7 dB; a turned or mis-matrixed still is
        // far below 30 dB.
        #expect(ours.psnr(played) >= 30, "\(ours.psnr(played)) dB")
    }

    /// The still already made is a HEIC: it is read as one (its `Exif` item's MakerNote), so a
    /// second run reports it made, as for a JPEG, instead of refusing it as someone else's file.
    @Test("a HEIC still made again: already made, nothing written", .requires(.ffmpeg))
    func heicMadeAgain() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try MakeClips.generate(MakeClips.Clip(name: "h264-heic-again", codec: "h264", width: 320, height: 240, rate: 15), in: dir, duration: 1)
        var options = MakeOptions()
        options.stillFormat = .heic
        let first = try MakeOperation.run(movie: movie, options: options)
        let (stillBytes, movieBytes) = (try Support.bytes(first.still), try Support.bytes(movie))
        let again = try MakeOperation.run(movie: movie, options: options)
        #expect(again.status == .alreadyMade && again.still == first.still && again.identifier == first.identifier)
        #expect(again.stillTime == first.stillTime && again.width == first.width && again.height == first.height && again.codec == first.codec)
        #expect(try Support.bytes(first.still) == stillBytes && (try Support.bytes(movie)) == movieBytes)
    }
}
