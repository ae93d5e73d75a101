import Foundation
import Testing
@testable import ISOBMFF
@testable import LivePhotoKit

/// The wallpaper rules on the camera's own movie, each fact changed on its own: every rule
/// passes on the camera's structure and fails at the edge of what it allows (frame rate 27 to
/// 31, 1 to 5 s, long side 1920, timescale 600, the still 0.2 s in at any timescale, each key
/// and part), with the level and remedy it reports.
@Suite(.requires(.corpusFile(WallpaperMovieTests.camera)))
struct WallpaperRulesTests {
    /// The structure's facts, to change one at a time.
    struct Facts {
        var movieTimescale: UInt32
        var video: WallpaperStructure.Video?
        var livePhotoInfo: WallpaperStructure.Part<LivePhotoInfoTrack.Reading>
        var videoOrientation: WallpaperStructure.Part<Int16?>
        var stillTrack: WallpaperStructure.StillTrack?
        var topLevelKeys: Set<String>

        init(_ s: WallpaperStructure) {
            (movieTimescale, video, livePhotoInfo) = (s.movieTimescale, s.video, s.livePhotoInfo)
            (videoOrientation, stillTrack, topLevelKeys) = (s.videoOrientation, s.stillTrack, s.topLevelKeys)
        }

        var structure: WallpaperStructure {
            WallpaperStructure(movieTimescale: movieTimescale, video: video, livePhotoInfo: livePhotoInfo, videoOrientation: videoOrientation,
                               stillTrack: stillTrack, topLevelKeys: topLevelKeys)
        }

        func rule(_ name: CheckName) -> WallpaperChecks.Rule? { WallpaperChecks.rules(structure).first { $0.name == name } }
        func passes(_ name: CheckName) -> Bool { rule(name)?.passed == true }
    }

    static func camera() throws -> Facts {
        Facts(WallpaperStructure(try MovieFile.open(path: Support.corpusFile(WallpaperMovieTests.camera))))
    }

    static func changed(_ base: Facts, _ change: (inout Facts) -> Void) -> Facts {
        var f = base
        change(&f)
        return f
    }

    @Test func theCameraPassesEveryRule() throws {
        let rules = WallpaperChecks.rules(try Self.camera().structure)
        #expect(rules.count == 11 && rules.allSatisfy(\.passed), "\(rules.filter { !$0.passed })")
        #expect(rules.filter { $0.level == .warning }.map(\.name) == [.wallpaperPlaybackIntent])
    }

    @Test func videoKind() throws {
        let base = try Self.camera()
        let noVideo = Self.changed(base) { $0.video = nil }
        #expect(WallpaperChecks.videoRules(noVideo.structure).map(\.name) == [.wallpaperVideo] && !noVideo.passes(.wallpaperVideo))
        #expect(noVideo.rule(.wallpaperVideo)?.remedy == .reencode)
        do { let f = Self.changed(base) { $0.video?.codec = .h264 }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.bitDepth = 10 }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.bitDepth = nil }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.transfer = 16 }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.transfer = 18 }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.format = "dvh1" }; #expect(!f.passes(.wallpaperVideo)) }
        do { let f = Self.changed(base) { $0.video?.transfer = 1 }; #expect(f.passes(.wallpaperVideo)) }
    }

    @Test func videoSize() throws {
        let base = try Self.camera()
        for (w, h, pass) in [(1920, 1440, true), (1440, 1920, true), (1921, 1440, false), (1440, 1921, false), (0, 0, false), (1, 1, true)] {
            let f = Self.changed(base) { $0.video?.width = w; $0.video?.height = h }
            #expect(f.passes(.wallpaperVideoSize) == pass, "\(w)x\(h)")
        }
    }

    /// Frames over the span at timescale 600: 27 and 31 fps pass, just outside them does not.
    @Test func frameRateAndDuration() throws {
        let base = try Self.camera()
        for (frames, ticks, pass) in [(27, 600, true), (31, 600, true), (26, 600, false), (32, 600, false), (81, 1800, true), (80, 1800, false),
                                      (93, 1800, true), (94, 1800, false)] as [(Int, Int64, Bool)] {
            let f = Self.changed(base) { $0.movieTimescale = 600; $0.video?.frameCount = frames; $0.video?.spanTicks = ticks }
            #expect(f.passes(.wallpaperFrameRate) == pass, "\(frames) frames in \(ticks) ticks")
        }
        for (ticks, pass) in [(600, true), (599, false), (3000, true), (3001, false), (0, false)] as [(Int64, Bool)] {
            let f = Self.changed(base) { $0.movieTimescale = 600; $0.video?.frameCount = Int(ticks / 20); $0.video?.spanTicks = ticks }
            #expect(f.passes(.wallpaperDuration) == pass, "\(ticks) ticks")
        }
        // At timescale 1 a tick is a second: 30 frames in 1 tick are 30 fps over 1 s.
        let perSecond = Self.changed(base) { $0.movieTimescale = 1; $0.video?.frameCount = 30; $0.video?.spanTicks = 1 }
        #expect(perSecond.passes(.wallpaperFrameRate) && perSecond.passes(.wallpaperDuration))
        // Seconds are ticks over the movie's own timescale.
        do { let f = Self.changed(base) { $0.movieTimescale = 90_000; $0.video?.frameCount = 30; $0.video?.spanTicks = 90_000 }; #expect(f.passes(.wallpaperDuration)) }
        do { let f = Self.changed(base) { $0.movieTimescale = 90_000; $0.video?.frameCount = 30; $0.video?.spanTicks = 90_000 }; #expect(f.passes(.wallpaperFrameRate)) }
    }

    @Test func timescale() throws {
        let base = try Self.camera()
        for (scale, pass) in [(600, true), (601, false), (599, false), (30_000, false)] as [(UInt32, Bool)] {
            let f = Self.changed(base) { $0.movieTimescale = scale }
            #expect(f.passes(.wallpaperTimescale) == pass, "timescale \(scale)")
            #expect(f.rule(.wallpaperTimescale)?.remedy == .timeline)
        }
    }

    /// The still at least 0.2 s in: 120 ticks at 600, 240 at 1200, 18,000 at 90,000.
    @Test func stillDelay() throws {
        let base = try Self.camera()
        for (scale, tick, pass) in [(600, 120, true), (600, 119, false), (1200, 240, true), (1200, 239, false), (90_000, 18_000, true),
                                    (90_000, 17_999, false), (600, 0, false)] as [(UInt32, Int64, Bool)] {
            let f = Self.changed(base) { $0.movieTimescale = scale; $0.stillTrack?.sampleTick = tick }
            #expect(f.passes(.wallpaperStillDelay) == pass, "tick \(tick) at \(scale)")
        }
        // A timescale of 1 or 0 (as read: a movie header may say 0): one tick is a whole second;
        // tick 0 is never 0.2 s in, and no sample shown never passes.
        for (scale, tick, pass) in [(1, 1, true), (1, 0, false), (0, 0, false), (0, 1, true)] as [(UInt32, Int64?, Bool)] {
            let f = Self.changed(base) { $0.movieTimescale = scale; $0.stillTrack?.sampleTick = tick }
            #expect(f.passes(.wallpaperStillDelay) == pass, "tick \(String(describing: tick)) at \(scale)")
        }
        for scale in [1, 5, 600] as [UInt32] {
            let f = Self.changed(base) { $0.movieTimescale = scale; $0.stillTrack?.sampleTick = nil }
            #expect(!f.passes(.wallpaperStillDelay), "no sample shown at timescale \(scale)")
        }
        let none = Self.changed(base) { $0.stillTrack?.sampleTick = nil }
        #expect(!none.passes(.wallpaperStillDelay) && none.rule(.wallpaperStillDelay)?.detail == "no still sample shown")
        #expect(none.rule(.wallpaperStillDelay)?.remedy == .stillTime)
    }

    @Test func stillKeysMovieKeysAndIntent() throws {
        let base = try Self.camera()
        for key in StillImageTransform.cameraKeys {
            do { let f = Self.changed(base) { $0.stillTrack?.keys.removeAll { $0 == key } }; #expect(!f.passes(.wallpaperStillKeys), "without \(key)") }
        }
        let noTrack = Self.changed(base) { $0.stillTrack = nil }
        #expect(!noTrack.passes(.wallpaperStillKeys) && noTrack.rule(.wallpaperStillKeys)?.detail == "no still-image-time track")
        for key in LivePhotoMovieKeys.all.filter(\.everyCamera).map(\.name) {
            let f = Self.changed(base) { $0.topLevelKeys.remove(key) }
            #expect(!f.passes(.wallpaperMovieKeys) && f.rule(.wallpaperMovieKeys)?.detail == "missing \(key)")
        }
        let intent = LivePhotoMovieKeys.fullFrameRatePlaybackIntent.name
        let noIntent = Self.changed(base) { $0.topLevelKeys.remove(intent) }
        #expect(!noIntent.passes(.wallpaperPlaybackIntent) && noIntent.rule(.wallpaperPlaybackIntent)?.level == .warning)
        #expect(noIntent.passes(.wallpaperMovieKeys), "the intent is not one every camera writes")
    }

    @Test func livePhotoInfoAndOrientation() throws {
        let base = try Self.camera()
        do { let f = Self.changed(base) { $0.livePhotoInfo = .missing }; #expect(!f.passes(.wallpaperLivePhotoInfo)) }
        do { let f = Self.changed(base) { $0.livePhotoInfo = .unreadable("x") }; #expect(!f.passes(.wallpaperLivePhotoInfo)) }
        guard case .found(let reading) = base.livePhotoInfo else { Issue.record("the camera's live-photo-info"); return }
        let variants: [(String, (inout LivePhotoInfoTrack.Reading) -> Void)] = [
            ("data type", { $0.doubledDataType = false }), ("setup", { $0.setup = nil }), ("one sample more", { $0.sampleCount += 1 }),
            ("one sample fewer", { $0.sampleCount -= 1 }), ("timing", { $0.timedLikeVideo = false }), ("record", { $0.firstRecord = nil }),
        ]
        for (what, change) in variants {
            var r = reading
            change(&r)
            do { let f = Self.changed(base) { $0.livePhotoInfo = .found(r) }; #expect(!f.passes(.wallpaperLivePhotoInfo), "\(what)") }
        }
        // Without a video there is no frame: a track of one sample does not match it.
        var one = reading
        one.sampleCount = 1
        do { let f = Self.changed(base) { $0.video = nil; $0.livePhotoInfo = .found(one) }; #expect(!f.passes(.wallpaperLivePhotoInfo)) }
        do { let f = Self.changed(base) { $0.videoOrientation = .missing }; #expect(!f.passes(.wallpaperVideoOrientation)) }
        do { let f = Self.changed(base) { $0.videoOrientation = .unreadable("x") }; #expect(!f.passes(.wallpaperVideoOrientation)) }
        let noSample = Self.changed(base) { $0.videoOrientation = .found(nil) }
        #expect(noSample.passes(.wallpaperVideoOrientation) && noSample.rule(.wallpaperVideoOrientation)?.detail == "orientation (no sample)")
    }
}
