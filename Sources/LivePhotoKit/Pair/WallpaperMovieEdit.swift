import Foundation
import BinaryIO
import ISOBMFF

/// `pair --wallpaper`: the plan variant that brings a movie whose video already complies into
/// the camera's wallpaper structure, as a step around the ordinary movie edit (the identifier
/// and still track rules stay in `LivePhotoMovieEdit`). The rules are `WallpaperChecks`'; this
/// decides what to add and refuses what only a re-encode (or a timeline rescale) could fix.
struct WallpaperMovieEdit {
    let structure: WallpaperStructure
    /// The video's facts (a movie without a video fails the wallpaper-video rule: refused).
    let videoFacts: WallpaperStructure.Video
    let rules: [WallpaperChecks.Rule]
    /// Where the still sits (movie ticks), as `pair` decided it.
    let stillTick: Int64

    /// Reads the movie's wallpaper facts; refuses (nothing written) when the video or timeline
    /// does not comply, or the still would sit before 0.2 s.
    static func decide(_ file: MovieFile, stillTick: Int64, path: String) throws -> WallpaperMovieEdit {
        let structure = WallpaperStructure(file)
        let rules = WallpaperChecks.rules(structure)
        let reencode = rules.filter { !$0.passed && $0.remedy == .reencode }
        let timeline = rules.filter { !$0.passed && $0.remedy == .timeline }
        var reasons: [String] = []
        if !reencode.isEmpty {
            reasons.append("would have to re-encode the video (not done by pair): " + reencode.map { "\($0.name) \($0.detail)" }.joined(separator: "; "))
        }
        if !timeline.isEmpty {
            reasons.append("would have to rescale the movie timeline (not done yet): " + timeline.map { "\($0.name) \($0.detail)" }.joined(separator: "; "))
        }
        for (name, part) in [("live-photo-info", structure.livePhotoInfo.damage), ("video-orientation", structure.videoOrientation.damage)] {
            if let why = part { reasons.append("its \(name) track cannot be read (\(why)); it is not replaced") }
        }
        let ts = file.movie.header.timescale
        if stillTick * Int64(WallpaperChecks.timescale) < WallpaperChecks.minimumStillTicks * Int64(max(1, ts)) {
            reasons.append("the still at \(CheckText.seconds(stillTick, timescale: ts)) is before 0.200 s; choose a later one with --still-time or --still-frame")
        }
        guard reasons.isEmpty, let videoFacts = structure.video else {
            throw LivePhotoError(path: path, reason: "not wallpaper-grade: " + reasons.joined(separator: "; "), category: .refused)
        }
        return WallpaperMovieEdit(structure: structure, videoFacts: videoFacts, rules: rules, stillTick: stillTick)
    }

    /// Whether the movie lacks part of the structure (tracks, keys, the three-key still track).
    var needsEdit: Bool { !added.isEmpty }

    /// What the edit adds, by name, as `pair` reports it.
    var added: [String] {
        var parts: [String] = []
        if replacesStillTrack { parts.append("three-key still-image-time track") }
        if case .missing = structure.livePhotoInfo { parts.append("live-photo-info track") }
        if case .missing = structure.videoOrientation { parts.append("video-orientation track") }
        let missingKeys = LivePhotoMovieKeys.all.filter { !structure.topLevelKeys.contains($0.name) }
        if !missingKeys.isEmpty { parts.append("keys " + missingKeys.map { $0.name.replacingOccurrences(of: "com.apple.quicktime.", with: "") }.joined(separator: ", ")) }
        return parts
    }
    /// The still-image-time track lacks the transform keys: a three-key one replaces it.
    var replacesStillTrack: Bool { !StillImageTransform.cameraKeys.allSatisfy((structure.stillTrack?.keys ?? []).contains) }

    /// Before the identifier edit: every still-image-time track without the three keys goes and
    /// the camera's three-key track is added at the still's tick (one tick long, as the camera
    /// writes it). Returns what the identifier edit is then told: that track, kept.
    func replaceStillTrack(in plan: MovieRewritePlan, existing: ExistingStillImageTime, video: Track) throws
        -> (ExistingStillImageTime, LivePhotoMovieEdit.Placement) {
        let tick = stillTick
        MovieTrackEdit.remove(existing.tracks, from: plan)
        // Ours: the still is the frame itself (identity) over the video's stored frame, as the
        // camera measures it (1920x1440 in its portrait movies too).
        let transform = StillImageTransform(width: Float(videoFacts.storedWidth), height: Float(videoFacts.storedHeight))
        let trak = StillImageTimeTrack.makeTrack(trackID: try MovieTrackEdit.newTrackID(in: plan), videoTrackID: video.trackID, movieTimescale: plan.file.movie.header.timescale,
                                                 stillTick: UInt64(max(0, tick)), sampleDuration: 1, wallpaper: transform)
        try MovieTrackEdit.add(trak, to: plan, samples: StillImageTimeTrack.sample(wallpaper: transform))
        let track = try Track(trak, index: 0, path: "moov/trak")
        return (ExistingStillImageTime(keeping: track, tick: tick), .keep)
    }

    /// After the identifier edit: the live-photo-info and video-orientation tracks and the
    /// top-level keys the movie lacks (what it has stays as it is). The tracks go before the
    /// still-image-time track, in the camera's order: orientation, live-photo-info, still.
    func addMissing(to plan: MovieRewritePlan, video: Track) throws {
        let stillTrack = Self.firstTrak(in: plan) { $0.isStillImageTime }
        if case .missing = structure.livePhotoInfo {
            let setup = try LivePhotoInfoSetup(width: UInt32(clamping: videoFacts.storedWidth), height: UInt32(clamping: videoFacts.storedHeight))
            guard let built = LivePhotoInfoTrack.makeTrack(trackID: try MovieTrackEdit.newTrackID(in: plan), video: video, setup: setup) else {
                throw ParseError(.invalidValue, "the video's time-to-sample table does not count its samples", path: video.path + "/mdia/minf/stbl/stts", offset: 0)
            }
            try MovieTrackEdit.add(built.trak, to: plan, samples: built.samples, before: stillTrack)
        }
        if case .missing = structure.videoOrientation {
            let built = VideoOrientationTrack.makeTrack(trackID: try MovieTrackEdit.newTrackID(in: plan), video: video, movieTimescale: plan.file.movie.header.timescale)
            let infoTrack = Self.firstTrak(in: plan) { $0.declaresMetadataKey(LivePhotoInfoTrack.key) }
            try MovieTrackEdit.add(built.trak, to: plan, samples: built.samples, before: infoTrack ?? stillTrack)
        }
        // The identifier edit made sure `moov/meta` exists in QuickTime form.
        if let meta = plan.moov.child("meta") { try LivePhotoMovieKeys.addMissing(to: meta, path: "moov/meta") }
    }

    /// The first `trak` of the edited `moov` (tracks added by this edit included) that is `kind`.
    private static func firstTrak(in plan: MovieRewritePlan, _ kind: (Track) -> Bool) -> Atom? {
        plan.moov.children("trak").first { trak in (try? Track(trak, index: 0, path: "moov/trak")).map(kind) == true }
    }
}
