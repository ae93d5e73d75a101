import Foundation
import Testing
import ISOBMFF
import TestSupport
import PropertyBased
@testable import LivePhotoKit

/// `make --wallpaper --start/--duration`: decimal seconds kept exact down to the edit list.
@Suite("make --wallpaper: the span chosen")
struct WallpaperSpanTests {
    @Test("decimal seconds parse exactly and round to the nearest tick; signs, exponents and stray text are refused")
    func decimalSeconds() throws {
        let d = try #require(DecimalSeconds("1.5"))
        #expect(d.numerator == 15 && d.scale == 10 && d.ticks(timescale: 600) == 900)
        #expect(DecimalSeconds("0.1")?.ticks(timescale: 30000) == 3000)
        #expect(DecimalSeconds("2")?.ticks(timescale: 44100) == 88200)
        #expect(DecimalSeconds(".25")?.ticks(timescale: 600) == 150)
        #expect(DecimalSeconds("0.0333")?.ticks(timescale: 600) == 20)
        #expect(DecimalSeconds("5.000000001")?.isWithin(1, 5) == false)
        #expect(DecimalSeconds("5.000")?.isWithin(1, 5) == true)
        #expect(DecimalSeconds("0.999")?.isWithin(1, 5) == false)
        // The longest forms taken: 6 digits before the point, 9 after.
        #expect(DecimalSeconds("123456")?.numerator == 123456)
        #expect(DecimalSeconds("0.123456789").map { [$0.numerator, $0.scale] } == [123456789, 1_000_000_000])
        for bad in ["", ".", "-1", "+1", "1e3", "1.2.3", "abc", "1,5", " 1", "1234567", "0.1234567891", "٣"] {
            #expect(DecimalSeconds(bad) == nil, "\(bad)")
        }
        #expect(MakeOptions.wallpaperDurationProblem(try #require(DecimalSeconds("6")))?.contains("1 to 5") == true)
        #expect(MakeOptions.wallpaperDurationProblem(try #require(DecimalSeconds("1"))) == nil)
    }

    @Test("a chosen start and length are the span, in ticks; outside the video, too short or without the still is refused")
    func chosen() throws {
        let s = try WallpaperMake.span(still: 1200, videoStart: 0, videoEnd: 4800, timescale: 600, start: 900, length: 1500, path: "m")
        #expect(s == .init(start: 900, end: 2400))
        // A length alone: around the still as by default.
        let around = try WallpaperMake.span(still: 2400, videoStart: 0, videoEnd: 4800, timescale: 600, length: 1200, path: "m")
        #expect(around == .init(start: 1800, end: 3000))
        // A start alone: 3 s from it, or to the video's end.
        #expect(try WallpaperMake.span(still: 4000, videoStart: 0, videoEnd: 4800, timescale: 600, start: 3600, path: "m") == .init(start: 3600, end: 4800))
        // A video of exactly the minimum second is long enough: the whole of it; a tick less is not.
        #expect(try WallpaperMake.span(still: 300, videoStart: 0, videoEnd: 600, timescale: 600, path: "m") == .init(start: 0, end: 600))
        #expect(throws: LivePhotoError.self) { try WallpaperMake.span(still: 300, videoStart: 0, videoEnd: 599, timescale: 600, path: "m") }
        for (start, length, still) in [(Int64(4000), Int64(1200), Int64(4500)), (-60, 1200, 600), (0, 1200, 60), (0, 1200, 1300), (4300, nil, 4500)] as [(Int64, Int64?, Int64)] {
            #expect(throws: LivePhotoError.self, "\(start) \(String(describing: length)) \(still)") {
                try WallpaperMake.span(still: still, videoStart: 0, videoEnd: 4800, timescale: 600, start: start, length: length, path: "m")
            }
        }
    }

    /// A movie's own still-image-time may sit at its very start (AVFoundation writes 0): the
    /// default span cannot hold it 0.2 s in, and the error says so, not that a span starting
    /// before the video is outside it.
    @Test("default span: a still at least 0.2 s into a video of 1 s or more gets a span inside the video holding it 0.2 s in; an earlier one is refused as too early")
    func defaultSpanAroundAnyStill() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: Int64(0)...6000), Gen.nearEnds(in: Int64(600)...9000), Gen.nearEnds(in: Int64(0)...9000)) { videoStart, length, offset in
            let videoEnd = videoStart + length, still = videoStart + min(offset, length - 1)
            let lead: Int64 = 120   // 0.2 s in ticks of 600
            do {
                let s = try WallpaperMake.span(still: still, videoStart: videoStart, videoEnd: videoEnd, timescale: 600, path: "m")
                #expect(still - videoStart >= lead, "\(still) in \(videoStart)..<\(videoEnd) got \(s)")
                #expect(s.start >= videoStart && s.end <= videoEnd && s.end - s.start >= 600, "\(s)")
                #expect(still - s.start >= lead && still < s.end, "\(still) in \(s)")
            } catch let error as LivePhotoError {
                #expect(still - videoStart < lead, "\(still) in \(videoStart)..<\(videoEnd): \(error.reason)")
                #expect(error.reason.contains("is less than 0.200 s into the video"), "\(error.reason)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("--start 0.5 --duration 1.5 of a 4 s clip: a 1.5 s movie of 45 frames, the still in the middle of the span, verify --wallpaper passes",
          .requires(.ffmpeg))
    func chosenSpanMade() throws {
        let dir = try TempDir(), out = try TempDir()
        let clip = try MakeClips.generate(.init(name: "span", codec: "h264", rate: 30), in: dir.url, duration: 4)
        var options = WallpaperMakeTests.options(out.url.path)
        options.wallpaperStart = DecimalSeconds("0.5")
        options.wallpaperDuration = DecimalSeconds("1.5")
        let result = try MakeOperation.run(movie: clip, options: options)
        let movie = try MovieFile.open(path: result.movieOutput).movie
        let video = try #require(movie.mainVideoTrack)
        #expect(movie.header.timescale == 600 && movie.header.duration == 900)
        #expect(video.sampleTable.sampleCount == 45)
        #expect(abs(result.stillTime - 0.75) < 0.05, "\(result.stillTime)")
        let report = try Verifier.verify(still: result.still, movie: result.movieOutput, wallpaper: true)
        #expect(report.valid && report.errors.isEmpty, "\(report.errors.map { "\($0.name): \($0.detail)" })")
    }

    /// The still in the re-encoded video: its time after the span's start in ticks of 600, at
    /// the start of a whole new frame, never under 0.2 s (120 ticks); from any source timescale,
    /// 1 tick a second included (the span 0–3 s and the still at 2 s are 1,200 ticks in); at
    /// 600 frames a second or more a frame is 1 tick, so any tick starts one (741, odd).
    @Test(arguments: [(2 as Int64, 0 as Int64, 1 as UInt32, 30, 1200 as Int64), (1234, 100, 600, 30, 1120), (45_000, 0, 90_000, 30, 300),
                      (45_000, 0, 90_000, 24, 300), (10, 0, 600, 30, 120), (1000, 0, 1000, 0, 600),
                      (12_355, 0, 10_000, 600, 741), (12_355, 0, 10_000, 1000, 741)])
    func stillTickInTheNewVideo(still: Int64, spanStart: Int64, timescale: UInt32, frameRate: Int, tick: Int64) {
        #expect(WallpaperMake.stillTick(still, spanStart: spanStart, timescale: timescale, frameRate: frameRate) == tick)
    }
}
