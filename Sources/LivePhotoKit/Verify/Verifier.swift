import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `verify`: whether a still and a movie will import as one Live Photo, and why not.
/// Throws `LivePhotoError` (category `.unreadable`) only when a file cannot be read as a
/// still or a movie; every other problem is a failed check in the report.
///
/// Checks have levels: an `error` is what stops Photos from treating the files as one Live
/// Photo (identifiers, the video track, the one still-image-time track and its place in the
/// video); a `warning` is what cameras write but Photos is not known to need. `strict` makes
/// every warning an error.
public enum Verifier {
    public static let h264AndHEVC: Set<String> = ["avc1", "avc3", "hvc1", "hev1"]

    /// - Parameter decodeStill: run `still-decodes` (a full libjpeg-turbo decode, the one check
    ///   whose cost grows with the image: tens of ms for a 12 MP still). `verify DIR` passes
    ///   `strict`, so a library is decoded only under `--strict`; without it the check is left out.
    /// - Parameter leftoversCount: whether what a killed `pair` left beside the files fails the
    ///   pair (`interrupted-edit`); false for `pair` itself, which removes them.
    /// - Parameter wallpaper: add the wallpaper checks (`WallpaperChecks`).
    public static func verify(still stillPath: String, movie moviePath: String, strict: Bool = false, decodeStill: Bool = true,
                              lockWait: Double? = FileLockSet.defaultWait, leftoversCount: Bool = true, wallpaper: Bool = false) throws -> VerifyReport {
        try InputFiles.requireKind(stillPath, as: .pairStill)
        try InputFiles.requireKind(moviePath, as: .pairMovie)
        // Shared locks: a `pair` committing these files is waited for, never seen half done.
        // `lockWait` nil: the caller already holds locks on these files (`pair` checking an output).
        let locks = try lockWait.map { try OperationLocks.acquire(still: stillPath, movie: moviePath, mode: .shared, wait: $0, stop: nil) }
        defer { locks?.release() }
        // Our own header parsers only (no libexif): what keeps `verify DIR` fast.
        let still: StillReading.Facts
        do { still = try StillReading.headerFacts(path: stillPath) } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        let file = try InputFiles.openMovie(moviePath)
        return report(still: stillPath, stillFacts: still, movie: moviePath, movieFacts: MovieVerifyFacts(file), strict: strict, decodeStill: decodeStill,
                      leftovers: leftoversCount ? InterruptedPairLeftovers.find(still: stillPath, movie: moviePath) : .init(),
                      wallpaper: wallpaper ? WallpaperChecks.rules(WallpaperStructure(file)) : [])
    }

    /// The report from what was read of both files (by `verify`, or by the scan of `verify DIR`).
    static func report(still stillPath: String, stillFacts still: StillReading.Facts, movie moviePath: String, movieFacts movie: MovieVerifyFacts,
                       strict: Bool, decodeStill: Bool, leftovers: InterruptedPairLeftovers = .init(), wallpaper: [WallpaperChecks.Rule] = []) -> VerifyReport {
        let facts = still.facts
        var checks = CheckList(strict: strict)
        identifierChecks(&checks, stillID: facts.contentIdentifier, identifierUnread: facts.identifierUnread, movieID: movie.identifier)
        for check in movie.checks { checks.add(check) }
        stillChecks(&checks, stillPath: stillPath, still: still, video: movie.videoSize, decode: decodeStill || strict)
        for rule in wallpaper { checks.add(rule.name, rule.passed, rule.detail, rule.level) }
        if let note = leftovers.description { checks.add(.interruptedEdit, false, note, .error) }
        return VerifyReport(still: stillPath, movie: moviePath, strict: strict, valid: !checks.items.contains(where: \.isError),
                            checks: checks.items, stillIdentifier: facts.contentIdentifier, movieIdentifier: movie.identifier)
    }

    /// Collects checks at their default level, promoting warnings under `--strict`.
    struct CheckList {
        let strict: Bool
        /// Whether a passed check keeps its detail text: `verify DIR` keeps only failures' (see
        /// `MovieVerifyFacts`), so it does not format the others at all.
        var passedDetails = true
        var items: [VerifyReport.Check] = []

        mutating func add(_ name: CheckName, _ passed: Bool, _ detail: @autoclosure () -> String, _ level: VerifyReport.Level, notChecked: Bool = false) {
            let text = passed && !passedDetails ? "" : detail()
            var check = VerifyReport.Check(name: name, passed: passed, detail: text, level: strict ? .error : level, strict: level == .warning)
            if notChecked { check.notChecked = true }
            items.append(check)
        }

        /// A check made at its default level (`MovieVerifyFacts`), at this run's level.
        mutating func add(_ check: VerifyReport.Check) {
            add(check.name, check.passed, check.detail, check.strict ? .warning : .error, notChecked: check.notChecked == true)
        }
    }

    /// - Parameter identifierUnread: why the still's identifier could not be looked for, if so.
    static func identifierChecks(_ checks: inout CheckList, stillID: String?, identifierUnread: String?, movieID: String?) {
        checks.add(.stillIdentifier, stillID != nil,
                   stillID.map { "MakerNote tag 17 = \($0)" } ?? identifierUnread ?? "no Apple MakerNote tag 17 in the still", .error)
        checks.add(.movieIdentifier, movieID != nil, movieID.map { "\(Movie.contentIdentifierKey) = \($0)" } ?? "no \(Movie.contentIdentifierKey) in the movie", .error)
        let malformed = [stillID, movieID].compactMap { $0 }.filter { !ContentIdentifier.isWellFormed($0) }
        checks.add(.identifierFormat, stillID != nil && movieID != nil && malformed.isEmpty,
                   malformed.isEmpty ? (stillID != nil || movieID != nil ? "UUID form" : "no identifier to check") : "not a UUID: \(malformed.joined(separator: ", "))", .error)
        checks.add(.identifiersEqual, stillID != nil && stillID == movieID, "still \(stillID ?? "(none)"), movie \(movieID ?? "(none)")", .error)
    }

    static func movieChecks(_ checks: inout CheckList, file: MovieFile) {
        let movie = file.movie
        let ts = movie.header.timescale
        let video = movie.mainVideoTrack
        checks.add(.videoTrack, video != nil, video.map { "track \($0.trackID) (\($0.codec?.description ?? "?"))" } ?? "no video track", .error)

        let stillTracks = movie.stillImageTimeTracks
        checks.add(.stillImageTimeTrack, stillTracks.count == 1,
                   "\(stillTracks.count) still-image-time track(s)" + (stillTracks.isEmpty ? "" : ": id " + stillTracks.map { String($0.trackID) }.joined(separator: ", ")), .error)
        let stillTrack = stillTracks.first
        // The still's time in movie ticks: the first movie tick at or after its sample's exact start.
        let stillTiming = stillTrack.map { FrameTiming(track: $0, movieTimescale: ts) }
        let stillTick = stillTiming.flatMap { $0.frameCount > 0 ? $0.startTick(ofFrame: 0) : nil }
        let videoTiming = video.map { FrameTiming(track: $0, movieTimescale: ts) }
        let seconds = { (tick: Int64) in CheckText.seconds(tick, timescale: ts) }

        if let videoTiming, let stillTick {
            let frame = videoTiming.frame(containingMovieTick: stillTick)
            // A video whose edits present nothing has no range to name.
            let range = videoTiming.frameCount > 0 ? "in video \(seconds(videoTiming.startTick(ofFrame: 0)))–\(seconds(videoTiming.endTick))"
                : "but the video presents no frame"
            checks.add(.stillImageTimeInRange, frame != nil, "\(seconds(stillTick)) \(range)", .error)
            if let frame {
                let start = videoTiming.startTick(ofFrame: frame)
                let onStart = start == stillTick
                checks.add(.stillImageTimeOnFrame, onStart,
                           "frame \(frame) (starts at tick \(start) of \(ts)/s), still at tick \(stillTick)" + (onStart ? ": on its start" : ": \(stillTick - start) tick(s) after its start"), .warning)
            } else {
                checks.add(.stillImageTimeOnFrame, false, "no video frame at tick \(stillTick)", .warning)
            }
        } else {
            let why = stillTrack == nil ? "no still-image-time track" : stillTick == nil ? "its sample is not presented by any edit" : "no video track"
            checks.add(.stillImageTimeInRange, false, why, .error)
            checks.add(.stillImageTimeOnFrame, false, why, .warning)
        }

        let value = stillTrack.flatMap { try? StillImageTimeTrack.read($0, in: file) }?.value
        checks.add(.stillImageTimeValue, value != nil, value.map { "value \($0)" } ?? (stillTrack == nil ? "no track" : "no readable value in its sample"), .warning)
        checks.add(.stillImageTimeCameraValue, value == Int64(StillImageTimeTrack.cameraValue),
                   "value \(value.map(String.init) ?? "(none)"), camera writes -1", .warning)
        if let stillTrack {
            // No `tref` is what iPhones write since iOS 18 and what AVFoundation writes: fine. A
            // `cdsc` that names no video track describes the wrong thing.
            let refs = stillTrack.references["cdsc"] ?? []
            let toVideo = refs.contains { id in movie.tracks.contains { $0.trackID == id && $0.isVideo } }
            checks.add(.stillImageTimeReference, refs.isEmpty || toVideo,
                       refs.isEmpty ? "no tref/cdsc (none needed: iPhone movies since iOS 18 have none)" : "tref/cdsc -> track \(refs.map(String.init).joined(separator: ", "))" + (toVideo ? "" : ", not a video track"), .warning)
        } else {
            checks.add(.stillImageTimeReference, false, "no still-image-time track", .warning)
        }
        checks.add(.quickTimeBrand, file.isQuickTime, "brand \(file.majorBrand?.description.trimmingCharacters(in: .whitespaces) ?? "(no ftyp)")", .warning)
        let codec = video?.codec?.description
        checks.add(.videoCodec, codec.map { h264AndHEVC.contains($0) } ?? false, "codec \(codec ?? "(none)")", .warning)
    }

    static func stillChecks(_ checks: inout CheckList, stillPath: String, still: StillReading.Facts, video: MovieVerifyFacts.VideoSize?, decode: Bool) {
        let facts = still.facts
        if still.isHEIC && !(decode && checks.strict) {
            // Loading libheif and decoding a 12 MP grid cost far more than the other checks together.
            checks.add(.stillDecodes, false, "not checked: a HEIC still is decoded (libheif) only under --strict", .warning, notChecked: true)
        } else if still.isHEIC {
            // libheif, loaded now; a machine without it reports the check as not made, never as passed.
            switch HEICDecodeCheck.run(path: stillPath, expectedWidth: facts.width, expectedHeight: facts.height) {
            case .decoded(let width, let height, let note):
                checks.add(.stillDecodes, true, "decoded \(width)x\(height) (libheif)" + (note.map { "; \($0)" } ?? ""), .warning)
            case .failed(let reason):
                checks.add(.stillDecodes, false, reason, .warning)
            case .notChecked(let reason):
                checks.add(.stillDecodes, false, reason, .warning, notChecked: true)
            }
        } else if decode {
            do {
                try TurboJPEG.decodeFully(path: stillPath)
                checks.add(.stillDecodes, true, "decoded \(facts.width)x\(facts.height)", .warning)
            } catch {
                checks.add(.stillDecodes, false, "\(error)", .warning)
            }
        }
        if let video {
            let vw = video.width, vh = video.height
            var sw = Double(facts.width), sh = Double(facts.height)
            // A HEIC's size is already as displayed (`ispe` after `irot`); readers ignore its EXIF Orientation.
            if !still.isHEIC, let o = facts.orientation, (5...8).contains(o) { swap(&sw, &sh) }
            let ok = vw > 0 && vh > 0 && sh > 0 && abs((sw / sh) / (vw / vh) - 1) <= 0.01
            checks.add(.aspectRatio, ok, "still \(CheckText.whole(sw))x\(CheckText.whole(sh)), video \(CheckText.whole(vw))x\(CheckText.whole(vh))", .warning)
        } else {
            checks.add(.aspectRatio, false, "no video track", .warning)
        }
    }
}
