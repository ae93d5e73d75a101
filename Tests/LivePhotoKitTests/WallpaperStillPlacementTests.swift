import Foundation
import Testing
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// Where `make --wallpaper` puts the still, at the edges of its rules: "0.2 s into the video"
/// is measured from the video's first frame (a still exactly 0.2 s in is kept, and a span
/// holds it exactly 0.2 s after its start); a timescale of 0 is taken as 1; the new video's
/// frames at 1 fps are 600 ticks; a complying camera movie keeps its still where the camera put it.
@Suite("make --wallpaper: the still's place at the edges of the rules")
struct WallpaperStillPlacementTests {
    @Test("a still-image-time exactly 0.2 s into the video (frame 3 at 15 fps) is kept, without a warning")
    func stillExactlyAtTheMinimumIsKept() throws {
        let dir = try TempDir()
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir.url)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url)
        var options = PairOptions()
        options.stillTime = .frame(3)
        _ = try PairOperation.run(still: still, movie: movie, options: options)
        let file = try MovieFile.open(path: movie)
        let ts = file.movie.header.timescale
        let timing = FrameTiming(track: try #require(file.movie.mainVideoTrack), movieTimescale: ts)
        try #require(ts == 1000 && timing.startTick(ofFrame: 0) == 0 && timing.startTick(ofFrame: 3) == 200, "the 15 fps fixture in ticks of 1000")
        var warnings: [String] = []
        let tick = try WallpaperMake.stillTick(file, timing: timing, choice: .middle, path: movie, warnings: &warnings)
        #expect(tick == 200)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test("a timescale of 0 is taken as 1: a still at the video's start is too early")
    func zeroTimescaleIsOne() {
        #expect(WallpaperMake.isTooEarly(0, videoStart: 0, timescale: 0))
        #expect(!WallpaperMake.isTooEarly(1, videoStart: 0, timescale: 0))
    }

    @Test("at 1 fps a new frame is 600 ticks: 0.5 s rounds down to the frame at 0, then up to the 0.2 s floor")
    func oneFramePerSecond() {
        #expect(WallpaperMake.stillTick(300, spanStart: 0, timescale: 600, frameRate: 1) == 120)
        #expect(WallpaperMake.stillTick(900, spanStart: 0, timescale: 600, frameRate: 1) == 600)
    }

    @Test("the default span around a still exactly 0.2 s in starts at the video's start")
    func spanAroundTheEarliestStill() throws {
        #expect(try WallpaperMake.span(still: 120, videoStart: 0, videoEnd: 4800, timescale: 600, path: "m") == .init(start: 0, end: 1800))
        #expect(try WallpaperMake.span(still: 620, videoStart: 500, videoEnd: 5300, timescale: 600, path: "m") == .init(start: 500, end: 2300))
    }

    @Test("the complying camera movie: the wallpaper's still-image-time is the camera's", .requires(.corpusFile(WallpaperMovieTests.camera)))
    func cameraStillKept() throws {
        let dir = try TempDir(), out = try TempDir()
        let source = try Support.copy(Support.corpusFile(WallpaperMovieTests.camera), to: dir.url)
        let camera = try MovieFile.open(path: source)
        try #require(camera.movie.header.timescale == 600)
        let timing = FrameTiming(track: try #require(camera.movie.mainVideoTrack), movieTimescale: 600)
        let cameraStill = try #require(camera.movie.stillImageTimeTracks.first)
        let tick = FrameTiming(track: cameraStill, movieTimescale: 600).startTick(ofFrame: 0)
        let frame = try #require(timing.frame(containingMovieTick: tick))
        try #require(timing.startTick(ofFrame: 0) == 0 && timing.startTick(ofFrame: frame) == tick && tick >= 120, "the camera's still is on a frame's start")
        let result = try MakeOperation.run(movie: source, options: WallpaperMakeTests.options(out.url.path))
        #expect(result.movieWrite == .newFile)
        let made = try MovieFile.open(path: result.movieOutput)
        let madeStill = try #require(made.movie.stillImageTimeTracks.first)
        #expect(FrameTiming(track: madeStill, movieTimescale: made.movie.header.timescale).startTick(ofFrame: 0) == tick)
        #expect(result.stillTime == Double(tick) / 600)
    }
}
