import Foundation
import Testing
import ISOBMFF
import VideoFrames
import TestSupport
@testable import LivePhotoKit

/// `make --wallpaper`'s re-encode runs with the thread count the make was given
/// (`MakeOptions.decoderThreads`, 1 for each worker of a batch): libx265's bitstream depends
/// on its frame-thread count, so the make's samples are exactly those of an encode of the same
/// span with that count, not those of libx265's own choice.
@Suite("make --wallpaper: the re-encode uses the make's thread count")
struct WallpaperReencodeThreadsTests {
    /// A 4 s 640x360 h264 clip with temporal noise (on clean synthetic frames libx265's output
    /// can come out the same for one and two frame threads; with noise it does not). On one
    /// core libx265 picks one frame thread anyway, so there is nothing to tell apart.
    @Test("decoderThreads 1: the re-encoded samples are those of WallpaperVideoEncoder with threads 1 over the same span",
          .requires(.ffmpeg), .enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one core: any thread count gives one frame thread"))
    func oneThreadAsked() throws {
        let dir = try TempDir()
        let clip = MakeClips.Clip(name: "noisy", codec: "h264", rate: 30, extraArguments: ["-vf", "noise=alls=30:allf=t"])
        let path = try MakeClips.generate(clip, in: dir.url, duration: 4)
        let file = try MovieFile.open(path: path)
        let video = try #require(file.movie.mainVideoTrack)
        let ts = file.movie.header.timescale
        let timing = FrameTiming(track: video, movieTimescale: ts)
        let still = try StillTimeResolver.resolve(.middle, timing: timing, movieTimescale: ts, path: path).tick

        var make = MakeOptions()
        make.wallpaper = true
        make.decoderThreads = 1
        let made = try WallpaperMake.reencoded(file, track: video, timing: timing, still: still, chosen: ChosenSpan(make, timescale: ts),
                                               options: make, path: path)
        var options = WallpaperVideoEncoder.Options()
        options.maximumLongSide = WallpaperChecks.longSide
        options.bitDepth = .eight
        options.threads = 1
        let alone = try WallpaperVideoEncoder.encode(file: file, track: video, span: made.span, options: options, stillAt: still).video
        let madeSamples = made.track.samples.map(\.bytes), aloneSamples = alone.samples.map(\.bytes)
        #expect(madeSamples.count == 90 && aloneSamples.count == 90, "\(madeSamples.count) and \(aloneSamples.count) samples")
        // Compared as a whole, reported by the first sample that differs.
        let firstDifference = (0..<min(madeSamples.count, aloneSamples.count)).first { madeSamples[$0] != aloneSamples[$0] }
        #expect(firstDifference == nil && madeSamples.count == aloneSamples.count,
                "the make's sample \(firstDifference ?? -1) differs from the one-thread encode's")
    }
}
