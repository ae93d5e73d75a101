import Foundation
import Testing
import StillImage
@testable import LivePhotoKit

/// `make` on a clip whose display matrix turns it upside down (180°): the still says EXIF
/// Orientation 3, so a viewer shows it the way a player shows the video. The clips with 90°
/// and 270° are in `MakeTests`; 180° is the one matrix with no zero on its diagonal.
@Suite("make: a clip rotated 180°")
struct MakeRotation180Tests {
    @Test("EXIF Orientation 3, read back by our reader and exiftool; shown so, the still is the video as ffmpeg plays it",
          .requires(.ffmpeg, .exiftool))
    func upsideDownClipGivesOrientation3() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = MakeClips.Clip(name: "h264-rotated-180", codec: "h264", width: 320, height: 240, rate: 15, rotate: 180)
        let movie = try MakeClips.generate(clip, in: dir, duration: 1)
        var options = MakeOptions()
        options.stillTime = .frame(5)
        let result = try MakeOperation.run(movie: movie, options: options)
        #expect(result.orientation == 3)
        #expect(try StillImageReader.read(path: result.still).orientation == 3)
        let exiftool = try Support.requireTool("exiftool")
        let tag = try Support.run(exiftool, ["-n", "-s3", "-IFD0:Orientation", result.still])
        #expect(tag.out.trimmingCharacters(in: .whitespacesAndNewlines) == "3", "\(tag.out)\(tag.err)")
        // ffmpeg applies the display matrix when it decodes (its default autorotation).
        let shown = try MakeClips.still(result.still, width: clip.width, height: clip.height, in: dir).oriented(3)
        let vf = "select=eq(n\\,5),scale=in_color_matrix=\(clip.referenceMatrix):in_range=tv"
        let played = try MakeClips.decode(["-i", movie, "-vf", vf], width: clip.width, height: clip.height, in: dir)
        #expect(shown.psnr(played) >= 40, "\(shown.psnr(played)) dB")
    }
}
