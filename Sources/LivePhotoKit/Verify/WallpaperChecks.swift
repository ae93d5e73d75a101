import ISOBMFF

/// The wallpaper rules (the camera's structure, `../shared/docs/format-notes.md`, "Wallpaper-grade
/// movies"), decided once from `WallpaperStructure`'s facts: `verify --wallpaper` reports each as
/// a check; `pair --wallpaper` adds the missing structure and refuses what only re-encoding fixes.
public enum WallpaperChecks {
    /// What it takes to satisfy a failed rule.
    public enum Remedy: Sendable, Equatable {
        /// Re-encoding the video (codec, size, frame rate, duration).
        case reencode
        /// Rescaling the movie timeline to timescale 600 (no re-encode; not done yet).
        case timeline
        /// Adding tracks or keys: what `pair --wallpaper` does.
        case structure
        /// Choosing another still time (`--still-time`).
        case stillTime
    }

    public struct Rule: Sendable, Equatable {
        public var name: CheckName
        public var passed: Bool
        public var detail: String
        public var level: VerifyReport.Level
        public var remedy: Remedy
    }

    public static let timescale: UInt32 = 600
    public static let longSide = 1920
    /// "About 30 fps": the iOS 17 camera movie averages 28.9 (it drops frames), 25 fps is not enough.
    public static let frameRates: ClosedRange<Double> = 27...31
    public static let durations: ClosedRange<Double> = 1...5
    /// The still must be at least 0.2 s into the movie (reports: at 0 s the wallpaper fails).
    public static let minimumStillTicks: Int64 = 120

    public static func rules(_ s: WallpaperStructure) -> [Rule] {
        videoRules(s) + structureRules(s)
    }

    /// Frames per second over the video's span; 0 for a video that spans no time (reported as
    /// "0.0 fps", which no frame-rate rule passes).
    static func frameRate(frames: Int, seconds: Double) -> Double {
        seconds > 0 ? Double(frames) / seconds : 0
    }

    static func videoRules(_ s: WallpaperStructure) -> [Rule] {
        guard let v = s.video else {
            return [Rule(name: .wallpaperVideo, passed: false, detail: "no video track", level: .error, remedy: .reencode)]
        }
        let ts = Double(max(1, s.movieTimescale))
        let seconds = Double(v.spanTicks) / ts
        let fps = frameRate(frames: v.frameCount, seconds: seconds)
        let hevc8 = v.codec == .hevc && v.bitDepth == 8 && v.isSDR
        let kind = "\(v.format?.description ?? "?")\(v.bitDepth.map { " \($0)-bit" } ?? "")\(v.isSDR ? " SDR" : " HDR")"
        return [
            Rule(name: .wallpaperVideo, passed: hevc8, detail: "\(kind)" + (hevc8 ? "" : ", needs HEVC 8-bit SDR"), level: .error, remedy: .reencode),
            Rule(name: .wallpaperVideoSize, passed: v.longSide <= longSide && v.longSide > 0, detail: "\(v.width)x\(v.height), long side at most \(longSide)", level: .error, remedy: .reencode),
            Rule(name: .wallpaperFrameRate, passed: frameRates.contains(fps), detail: "\(v.frameCount) frames in \(CheckText.seconds(v.spanTicks, timescale: s.movieTimescale)): \(String(format: "%.1f", fps)) fps, needs about 30", level: .error, remedy: .reencode),
            Rule(name: .wallpaperDuration, passed: durations.contains(seconds), detail: "\(CheckText.seconds(v.spanTicks, timescale: s.movieTimescale)), needs 1 to 5 s", level: .error, remedy: .reencode),
            Rule(name: .wallpaperTimescale, passed: s.movieTimescale == timescale, detail: "movie timescale \(s.movieTimescale), camera writes \(timescale)", level: .error, remedy: .timeline),
        ]
    }

    static func structureRules(_ s: WallpaperStructure) -> [Rule] {
        var rules: [Rule] = []
        let (infoOK, infoDetail) = livePhotoInfo(s)
        rules.append(Rule(name: .wallpaperLivePhotoInfo, passed: infoOK, detail: infoDetail, level: .error, remedy: .structure))
        let orientation: (Bool, String)
        switch s.videoOrientation {
        case .missing: orientation = (false, "no \(VideoOrientationTrack.key) track")
        case .unreadable(let why): orientation = (false, "unreadable: \(why)")
        case .found(let value): orientation = (true, "orientation \(value.map(String.init) ?? "(no sample)")")
        }
        rules.append(Rule(name: .wallpaperVideoOrientation, passed: orientation.0, detail: orientation.1, level: .error, remedy: .structure))
        let keys = s.stillTrack?.keys ?? []
        let threeKeys = StillImageTransform.cameraKeys.allSatisfy(keys.contains)
        rules.append(Rule(name: .wallpaperStillKeys, passed: threeKeys,
                          detail: s.stillTrack == nil ? "no still-image-time track" : "\(keys.count) key(s)" + (threeKeys ? ": still-image-time, transform, reference dimensions" : ", needs still-image-time, transform and reference dimensions"),
                          level: .error, remedy: .structure))
        let tick = s.stillTrack?.sampleTick
        rules.append(Rule(name: .wallpaperStillDelay, passed: (tick ?? 0) * Int64(timescale) >= minimumStillTicks * Int64(max(1, s.movieTimescale)),
                          detail: tick.map { "still at \(CheckText.seconds($0, timescale: s.movieTimescale)), needs at least 0.200 s" } ?? "no still sample shown",
                          level: .error, remedy: .stillTime))
        let required = LivePhotoMovieKeys.all.filter(\.everyCamera).map(\.name)
        let missing = required.filter { !s.topLevelKeys.contains($0) }
        rules.append(Rule(name: .wallpaperMovieKeys, passed: missing.isEmpty, detail: missing.isEmpty ? "\(required.count) camera keys" : "missing " + missing.joined(separator: ", "),
                          level: .error, remedy: .structure))
        let intent = s.topLevelKeys.contains(LivePhotoMovieKeys.fullFrameRatePlaybackIntent.name)
        rules.append(Rule(name: .wallpaperPlaybackIntent, passed: intent, detail: intent ? "present" : "no \(LivePhotoMovieKeys.fullFrameRatePlaybackIntent.name) (iOS 18 cameras write it)",
                          level: .warning, remedy: .structure))
        return rules
    }

    static func livePhotoInfo(_ s: WallpaperStructure) -> (Bool, String) {
        switch s.livePhotoInfo {
        case .missing: return (false, "no \(LivePhotoInfoTrack.key) track")
        case .unreadable(let why): return (false, "unreadable: \(why)")
        case .found(let r):
            var problems: [String] = []
            if !r.doubledDataType { problems.append("its data type is not \(LivePhotoInfoTrack.dataTypeName)") }
            if r.setup?.setupDataVersion == nil { problems.append("no cfgv setup property list") }
            if r.setup?.dimensions == nil { problems.append("no dims in its setup") }
            let frames = s.video?.frameCount ?? 0
            if Int(r.sampleCount) != frames || !r.timedLikeVideo { problems.append("\(CountedNoun.text(Int(r.sampleCount), "sample")) for \(CountedNoun.text(frames, "frame"))" + (r.timedLikeVideo ? "" : ", not timed like the video")) }
            if r.firstRecord == nil { problems.append("no record in its first sample") }
            let detail = "track \(r.trackID): " + CountedNoun.text(Int(r.sampleCount), "sample") + (r.setup?.dimensions.map { ", dims \($0.width)x\($0.height)" } ?? "")
            return (problems.isEmpty, problems.isEmpty ? detail : detail + "; " + problems.joined(separator: "; "))
        }
    }
}
