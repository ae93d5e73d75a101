import Foundation
import BinaryIO
import ISOBMFF
import StillImage
import VideoFrames

/// `make --wallpaper`: a wallpaper-grade Live Photo from a movie, written as a new
/// `<stem>-wallpaper.MOV` in the camera's layout (`WallpaperMovie`, audio copied) beside a new
/// `<stem>-wallpaper.JPG` (or both in -o DIR); the input is never changed. A movie whose video
/// already complies (`WallpaperChecks`: HEVC 8-bit SDR, long side, frame rate, duration,
/// timescale) keeps its video samples byte for byte; any other is trimmed to about 3 s around
/// the still and re-encoded (`WallpaperVideoEncoder`). The still is the frame shown at the
/// still time, at the new video's size.
enum WallpaperMake {
    /// The clip iOS uses (about 3 s) and the least the rules accept (1 s), in seconds.
    static let clipSeconds: Int64 = 3
    static let minimumSeconds: Int64 = 1
    static let maximumSeconds: Int64 = 5

    /// The new movie's video: the source's samples or a re-encode, where the still sits in it
    /// (ticks of 600), and the size its still takes.
    struct Video {
        var track: NewVideoTrack
        var span: WallpaperVideoEncoder.Span
        var stillTick: Int64
        var warnings: [String]
        /// The still, when the re-encode decoded its frame (at the new video's size).
        var still: RGBFrame? = nil
    }

    static func run(_ file: MovieFile, path: String, options: MakeOptions) throws -> MakeResult {
        let movie = file.movie
        guard let source = movie.mainVideoTrack else {
            throw LivePhotoError(path: path, reason: "the movie has no video track", category: .unreadable)
        }
        let timing = FrameTiming(track: source, movieTimescale: movie.header.timescale)
        guard timing.frameCount > 0 else { throw LivePhotoError(path: path, reason: "the video presents no frame", category: .unreadable) }
        let chosen = ChosenSpan(options, timescale: movie.header.timescale)
        var stillWarnings: [String] = []
        let still = try chosen.defaultStill(timing: timing, choice: options.stillTime)
            ?? stillTick(file, timing: timing, choice: options.stillTime, path: path, warnings: &stillWarnings)
        let outputs = try WallpaperOutputs(movie: path, directory: options.outputDirectory, stillFormat: options.stillFormat)
        let rules = WallpaperChecks.rules(WallpaperStructure(file))
        let complies = !chosen.isChosen && !rules.contains { !$0.passed && ($0.remedy == .reencode || $0.remedy == .timeline) }
        let video: Video, frame: RGBFrame
        do {
            video = complies ? try copied(file, track: source, timing: timing, still: still, path: path)
                : try reencoded(file, track: source, timing: timing, still: still, chosen: chosen, options: options, path: path)
            let size = (video.track.configuration.width, video.track.configuration.height)
            frame = try video.still ?? StillFrameExtractor.extract(from: file, track: source, movieTick: still, threads: options.decoderThreads, size: size)
        } catch let error as LivePhotoError {
            throw error
        } catch {
            throw LivePhotoError.wrap(error, path: path)
        }
        // A new Live Photo: its own identifier unless one is given.
        let identifier: String
        if case .given(let id) = options.identifier { identifier = id } else { identifier = ContentIdentifier.random() }
        let newMovie = try wallpaperMovie(video, file: file, identifier: identifier, path: path)
        let (stillBytes, exif) = try MakeOperation.stillImage(frame, movie: movie, rotationDegrees: source.header.rotationDegrees, identifier: identifier, options: options, path: outputs.still)
        if !options.dryRun { try outputs.write(movie: newMovie, still: stillBytes) }
        let stillSeconds = Double(newMovie.stillTick) / Double(WallpaperMovie.movieTimescale)
        return MakeResult(movie: path, still: outputs.still, movieOutput: outputs.movie, identifier: identifier, stillTime: stillSeconds,
                          status: options.dryRun ? .dryRun : .made, movieWrite: .newFile, width: frame.width, height: frame.height,
                          codec: source.codec?.description, orientation: exif.orientation,
                          colour: "\(frame.colour.matrixName) \(frame.colour.fullRange ? "full" : "limited") range", warnings: stillWarnings + frame.warnings + video.warnings)
    }

    /// The still's movie tick when no span is chosen: the asked frame, else the movie's own
    /// still-image-time, else the middle frame. A still-image-time under 0.2 s into the video
    /// (AVFoundation writes 0) is too early for a wallpaper: the middle frame is taken instead,
    /// with a warning. A still the user chose is never moved (`span` refuses it).
    static func stillTick(_ file: MovieFile, timing: FrameTiming, choice: PairOptions.StillTimeChoice, path: String, warnings: inout [String]) throws -> Int64 {
        let ts = file.movie.header.timescale
        let decided = try PairStillTime.decide(choice, existing: ExistingStillImageTime(file: file, videoTiming: timing), timing: timing, movieTimescale: ts, path: path)
        guard case .keep(let kept) = decided, isTooEarly(kept, videoStart: timing.startTick(ofFrame: 0), timescale: ts) else { return decided.tick }
        let middle = try StillTimeResolver.resolve(.middle, timing: timing, movieTimescale: ts, path: path).tick
        warnings.append("the movie's still-image-time (\(CheckText.seconds(kept, timescale: ts))) is less than 0.200 s into the video, too early for a wallpaper: "
                        + "the still is the middle frame, at \(CheckText.seconds(middle, timescale: ts)) (choose another with --still-time or --still-frame)")
        return middle
    }

    /// Whether the still at `still` (movie ticks) is under 0.2 s after the video's start.
    static func isTooEarly(_ still: Int64, videoStart: Int64, timescale: UInt32) -> Bool {
        (still - videoStart) * Int64(WallpaperChecks.timescale) < WallpaperChecks.minimumStillTicks * Int64(max(1, timescale))
    }

    /// A complying video kept as it is: all of it, the still at the start of the frame that
    /// shows the still time (at least 0.2 s in).
    static func copied(_ file: MovieFile, track: Track, timing: FrameTiming, still: Int64, path: String) throws -> Video {
        let ts = Int64(max(1, file.movie.header.timescale)), start = timing.startTick(ofFrame: 0)
        let span = WallpaperVideoEncoder.Span(start: start, end: timing.endTick)
        guard !isTooEarly(still, videoStart: start, timescale: file.movie.header.timescale) else {
            throw tooEarly(still, timescale: file.movie.header.timescale, path: path)
        }
        let shown = timing.frame(containingMovieTick: still).map { timing.startTick(ofFrame: $0) } ?? still
        let tick = max(WallpaperChecks.minimumStillTicks, (shown - start) * Int64(WallpaperMovie.movieTimescale) / ts)
        return Video(track: try NewVideoTrack(copying: track, in: file), span: span, stillTick: tick, warnings: [])
    }

    /// Any other video: the span around the still re-encoded as 8-bit HEVC at most 1920 on its
    /// long side, the still at the start of the new frame that shows the source's still time.
    static func reencoded(_ file: MovieFile, track: Track, timing: FrameTiming, still: Int64, chosen: ChosenSpan, options: MakeOptions, path: String) throws -> Video {
        let ts = file.movie.header.timescale
        let span = try span(still: still, videoStart: timing.startTick(ofFrame: 0), videoEnd: timing.endTick, timescale: ts,
                            start: chosen.start, length: chosen.length, path: path)
        var encoderOptions = WallpaperVideoEncoder.Options()
        encoderOptions.maximumLongSide = WallpaperChecks.longSide
        encoderOptions.bitDepth = .eight
        encoderOptions.threads = options.decoderThreads
        let (encoded, stillFrame) = try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: encoderOptions, stillAt: still)
        let c = encoded.colour
        let configuration = VideoCodecConfiguration(codec: .hevc, width: encoded.width, height: encoded.height, decoderConfiguration: encoded.configuration,
                                                    colour: .init(primaries: UInt16(clamping: c.primaries), transfer: UInt16(clamping: c.transfer), matrix: UInt16(clamping: c.matrix), fullRange: nil))
        let samples = encoded.samples.map { NewVideoTrack.Sample(bytes: $0.bytes, duration: $0.duration, isSync: $0.isSync, compositionOffset: $0.compositionOffset) }
        return Video(track: NewVideoTrack(configuration: configuration, rotationDegrees: track.header.rotationDegrees, timescale: encoded.timescale, samples: samples),
                     span: span, stillTick: stillTick(still, spanStart: span.start, timescale: ts, frameRate: encoded.frameRate),
                     warnings: encoded.warnings, still: stillFrame)
    }

    /// Where the still sits in the new video, in its ticks of 600: the source's still time
    /// after the span's start, down to the start of a whole new frame (600 / 30 = 20 ticks),
    /// never under 0.2 s.
    static func stillTick(_ still: Int64, spanStart: Int64, timescale: UInt32, frameRate: Int) -> Int64 {
        let movieTS = Int64(WallpaperMovie.movieTimescale)
        let frameTicks = max(1, movieTS / Int64(max(1, frameRate)))
        let offset = (still - spanStart) * movieTS / Int64(max(1, timescale))
        return max(WallpaperChecks.minimumStillTicks, offset - offset % frameTicks)
    }

    static func tooEarly(_ still: Int64, timescale: UInt32, path: String) -> LivePhotoError {
        LivePhotoError(path: path, reason: "the still at \(CheckText.seconds(still, timescale: timescale)) is less than 0.200 s into the video; choose a later one with --still-time or --still-frame", category: .refused)
    }

    /// The span of the source timeline [start, end) in movie ticks: `length` (default
    /// `clipSeconds`, or the whole video when shorter) from `start` (default: around the still,
    /// starting at least 0.2 s before it). It must lie inside the video and hold the still at
    /// least 0.2 s after its start.
    static func span(still: Int64, videoStart: Int64, videoEnd: Int64, timescale: UInt32, start chosenStart: Int64? = nil, length chosenLength: Int64? = nil,
                     path: String) throws -> WallpaperVideoEncoder.Span {
        let ts = Int64(timescale)
        let seconds = { (t: Int64) in CheckText.seconds(t, timescale: timescale) }
        guard videoEnd - videoStart >= minimumSeconds * ts else {
            throw LivePhotoError(path: path, reason: "the video lasts \(seconds(videoEnd - videoStart)); a wallpaper needs at least \(minimumSeconds) s", category: .refused)
        }
        let length = chosenLength ?? defaultLength(from: chosenStart ?? videoStart, videoEnd: videoEnd, timescale: timescale)
        let lead = (WallpaperChecks.minimumStillTicks * ts + Int64(WallpaperChecks.timescale) - 1) / Int64(WallpaperChecks.timescale)
        // A span around a still under 0.2 s into the video would start before the video: say
        // what is wrong (the still), not what that span would be.
        if chosenStart == nil && still - lead < videoStart { throw tooEarly(still, timescale: timescale, path: path) }
        var start = chosenStart ?? min(max(videoStart, still - length / 2), videoEnd - length)
        if chosenStart == nil { start = min(start, still - lead) }
        guard start >= videoStart, start + length <= videoEnd, length >= minimumSeconds * ts || chosenStart == nil else {
            throw LivePhotoError(path: path, reason: "the span \(seconds(start))–\(seconds(start + length)) is not a wallpaper's inside the video (\(seconds(videoStart))–\(seconds(videoEnd)), at least \(minimumSeconds) s)", category: .refused)
        }
        guard still - lead >= start, still < start + length else {
            if chosenStart == nil && chosenLength == nil { throw tooEarly(still, timescale: timescale, path: path) }
            throw LivePhotoError(path: path, reason: "the still at \(seconds(still)) is not at least 0.200 s inside the span \(seconds(start))–\(seconds(start + length)); choose it with --still-time or --still-frame", category: .refused)
        }
        return .init(start: start, end: start + length)
    }

    /// `clipSeconds` from `start`, or up to the video's end when that is nearer.
    static func defaultLength(from start: Int64, videoEnd: Int64, timescale: UInt32) -> Int64 {
        min(clipSeconds * Int64(timescale), videoEnd - start)
    }

    /// The new movie: the video, the source's audio over the same span, the still where the video put it.
    static func wallpaperMovie(_ video: Video, file: MovieFile, identifier: String, path: String) throws -> WallpaperMovie {
        let span = video.span
        let audio: CopiedAudioTrack?
        do {
            audio = try file.movie.tracks.first(where: \.isAudio).flatMap {
                try CopiedAudioTrack($0, in: file, start: span.start, end: span.end, movieTimescale: WallpaperMovie.movieTimescale)
            }
        } catch {
            throw LivePhotoError.wrap(error, path: path)
        }
        var items = (file.movie.metadata?.items ?? []).filter { $0.key != Movie.contentIdentifierKey }
        items.insert(.init(key: Movie.contentIdentifierKey, typeIndicator: 1, value: Array(identifier.utf8)), at: 0)
        return WallpaperMovie(video: video.track, audio: audio, stillTick: video.stillTick, metadata: items,
                              creationTime: file.movie.header.creationTime, modificationTime: file.movie.header.modificationTime)
    }
}

/// `<stem>-wallpaper.MOV` and `.JPG` (or `.HEIC`) beside the movie or in -o DIR; neither may exist.
struct WallpaperOutputs {
    let movie: String
    let still: String

    init(movie source: String, directory: String?, stillFormat: StillFormat) throws {
        let stem = PathComponents.lastComponent(PathComponents.deletingExtension(source)) + "-wallpaper"
        if let directory { try OutputDirectory.check(directory) }
        let place = { (name: String) in directory.map { PathComponents.appending(name, to: $0) } ?? PathComponents.sibling(named: name, of: source) }
        movie = place(stem + ".MOV")
        still = place(stem + "." + stillFormat.fileExtension)
        for p in [movie, still] where FileSystemCalls.exists(p) {
            throw LivePhotoError(path: p, reason: "already exists; it is never overwritten (move it, or use -o DIR)", category: .refused)
        }
    }

    /// Both files written and fsynced beside their targets, then each linked into place
    /// without replacing anything (the movie first): a failure leaves no half-written file.
    func write(movie built: WallpaperMovie, still jpeg: [UInt8]) throws {
        do {
            let movieWriter = try built.image().prepare(targetPath: movie)
            let stillWriter = try AtomicFileWriter(targetPath: still)
            do {
                try stillWriter.write(jpeg)
                try stillWriter.sync()
            } catch {
                movieWriter.discard(); stillWriter.discard()
                throw error
            }
            do { try movieWriter.commitWithoutReplacing() } catch { stillWriter.discard(); throw error }
            try stillWriter.commitWithoutReplacing()
        } catch let error as LivePhotoError {
            throw error
        } catch {
            throw LivePhotoError.wrap(error, path: movie, category: .refused)
        }
    }
}
