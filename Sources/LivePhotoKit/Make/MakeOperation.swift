import Foundation
import BinaryIO
import ISOBMFF
import StillImage
import VideoFrames

/// `make`: a Live Photo from a movie alone. The still is the video's own frame at the still time
/// (decoded by libavcodec, converted to RGB by libswscale from the video's matrix and range,
/// encoded by libjpeg-turbo, or by libheif with `--still-format heic`) with EXIF taken from the movie; then `pair` binds the new still and
/// the movie, so the movie side (identifier, still-image-time track, MP4 → new .MOV, -o DIR) is
/// exactly `pair`'s, as is its prepare-both-then-commit safety.
///
/// The new JPEG is first written into a hidden scratch folder beside its destination; `pair`
/// then writes from it (into -o DIR) or edits it in place, after which it is linked into place
/// (never replacing a file that appeared meanwhile). An existing still is never overwritten.
public enum MakeOperation {
    public static func run(movie moviePath: String, options: MakeOptions = MakeOptions()) throws -> MakeResult {
        try InputFiles.requireKind(moviePath, as: .sourceMovie)
        let file = try InputFiles.openMovie(moviePath)
        if options.wallpaper { return try WallpaperMake.run(file, path: moviePath, options: options) }
        return try make(file, path: moviePath, options: options)
    }

    /// `make` of an opened movie: the still beside it (or in -o DIR), then `pair` (with
    /// `--wallpaper`, `pair --wallpaper`).
    static func make(_ file: MovieFile, path moviePath: String, options: MakeOptions) throws -> MakeResult {
        let movie = file.movie
        guard let video = movie.mainVideoTrack else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }
        let stillPath = try stillOutputPath(movie: moviePath, directory: options.outputDirectory, format: options.stillFormat)

        if FileSystemCalls.exists(stillPath) {
            return try existingStill(stillPath, movie: moviePath, file: file, video: video, options: options)
        }

        // `pair`'s own still-time decision, in movie ticks: the frame decoded is the one `pair` marks.
        let timing = FrameTiming(track: video, movieTimescale: movie.header.timescale)
        let stillTime = try PairStillTime.decide(options.stillTime, existing: ExistingStillImageTime(file: file, videoTiming: timing),
                                                 timing: timing, movieTimescale: movie.header.timescale, path: moviePath)
        var frame: RGBFrame
        do {
            frame = try StillFrameExtractor.extract(from: file, track: video, movieTick: stillTime.tick, threads: options.decoderThreads)
        } catch {
            throw LivePhotoError.wrap(error, path: moviePath)
        }

        var identifier: String? = nil
        if options.identifier == .automatic, let id = movie.contentIdentifier, ContentIdentifier.isWellFormed(id) {
            // A Live Photo movie that lost its still: the still takes its identifier, and when the
            // movie's still-image-time track already marks this time, `pair` finds the two bound
            // and leaves the movie exactly as the camera wrote it.
            identifier = id
        }
        let (encoded, exif) = try stillImage(frame, movie: movie, rotationDegrees: video.header.rotationDegrees, identifier: identifier, options: options, path: stillPath)

        let scratch = try ScratchFolder(beside: stillPath, dryRun: options.dryRun)
        defer { scratch.remove() }
        let scratchStill = PathComponents.appending(PathComponents.lastComponent(stillPath), to: scratch.path)
        do {
            try scratch.create(scratchStill, holding: encoded)
        } catch let error as ParseError {
            throw LivePhotoError(path: stillPath, reason: "cannot write: \(error.message)", category: .refused, errno: error.errno)
        } catch {
            throw LivePhotoError(path: stillPath, reason: "cannot write: \(LivePhotoError.wrap(error, path: stillPath).reason)", category: .refused)
        }

        var pairOptions = options.pairOptions
        pairOptions.stillTime = stillTime.choice
        let paired: PairResult
        do {
            paired = try PairOperation.run(still: scratchStill, movie: moviePath, options: pairOptions)
        } catch var error as LivePhotoError where error.path == scratchStill {
            // The scratch still goes with the run: the error names the still the user asked for.
            error.path = stillPath
            throw error
        }
        if !options.dryRun && (options.outputDirectory == nil || paired.status == .alreadyPaired) {
            // pair edited the scratch still in place (or found it already bound to the movie and
            // wrote nothing): move it where it belongs, refusing to replace.
            try linkIntoPlace(scratchStill, stillPath)
        }
        return MakeResult(movie: moviePath, still: stillPath, movieOutput: paired.movieOutput, identifier: paired.identifier,
                          stillTime: paired.stillTime, status: options.dryRun ? .dryRun : .made, movieWrite: paired.movieWrite,
                          width: frame.width, height: frame.height, codec: video.codec?.description, orientation: exif.orientation,
                          colour: "\(frame.colour.matrixName) \(frame.colour.fullRange ? "full" : "limited") range", warnings: frame.warnings)
    }

    /// The still: `frame` with the EXIF taken from `movie` (capture date and zone, location, make,
    /// model, software), the orientation of the video's display matrix, and `identifier` in the
    /// Apple MakerNote when given; encoded as `options.stillFormat` says.
    static func stillImage(_ frame: RGBFrame, movie: Movie, rotationDegrees: Int, identifier: String?, options: MakeOptions, path: String) throws
        -> (bytes: [UInt8], exif: CapturedStillExif) {
        var frame = frame
        var exif = CapturedStillExif(pixelWidth: frame.width, pixelHeight: frame.height)
        let capture = MovieCaptureMetadata(movie: movie)
        exif.make = capture.make
        exif.model = capture.model
        exif.software = capture.software
        exif.dateTimeOriginal = capture.dateTimeOriginal
        exif.offsetTimeOriginal = capture.offsetTimeOriginal
        exif.location = capture.location
        exif.orientation = exifOrientation(rotationDegrees: rotationDegrees)
        exif.contentIdentifier = identifier
        if options.stillFormat == .heic { turnUpright(&frame, &exif) }
        do {
            return (try encodeStill(frame, exif: exif, options: options), exif)
        } catch {
            throw LivePhotoError.wrap(error, path: path, category: .refused)
        }
    }

    /// The still's file: a JPEG with the EXIF as its APP1, or a HEIC with it as the `Exif` item
    /// and the orientation as `irot`/`imir` (HEIF readers ignore the EXIF tag). `pair` then sets
    /// the identifier in either, through its own writer.
    static func encodeStill(_ frame: RGBFrame, exif: CapturedStillExif, options: MakeOptions) throws -> [UInt8] {
        switch options.stillFormat {
        case .jpeg:
            let encoded = try TurboJPEG.encode(rgb: frame.pixels, width: frame.width, height: frame.height,
                                               quality: options.quality, subsampling: options.subsampling)
            return try exif.insert(into: encoded)
        case .heic:
            return try LibHeif.encode(rgb: frame.pixels, width: frame.width, height: frame.height, quality: options.quality,
                                      exif: exif.payload())
        }
    }

    /// HEIF readers turn an image by its `irot` and ignore EXIF Orientation: a HEIC still's
    /// pixels are stored as the video is shown, and its EXIF says Orientation 1 at that size.
    static func turnUpright(_ frame: inout RGBFrame, _ exif: inout CapturedStillExif) {
        frame = frame.oriented(exifOrientation: exif.orientation)
        exif.orientation = 1
        exif.pixelWidth = frame.width
        exif.pixelHeight = frame.height
    }

    /// `<stem>.JPG` (or `.HEIC`) beside the movie (or in DIR); a movie's `_HEVC` suffix is
    /// dropped, as the scan's name matching does.
    static func stillOutputPath(movie: String, directory: String?, format: StillFormat = .jpeg) throws -> String {
        var stem = PathComponents.lastComponent(PathComponents.deletingExtension(movie))
        if stem.uppercased().hasSuffix("_HEVC") { stem = String(stem.dropLast(5)) }
        let name = stem + "." + format.fileExtension
        guard let directory else { return PathComponents.sibling(named: name, of: movie) }
        try OutputDirectory.check(directory)
        return PathComponents.appending(name, to: directory)
    }

    /// A still already where `make` would write: fine when it is this movie's still (it carries
    /// the identifier the movie, or its paired `.MOV`, carries); otherwise refused, never replaced.
    static func existingStill(_ stillPath: String, movie moviePath: String, file: MovieFile, video: Track, options: MakeOptions) throws -> MakeResult {
        // The still as it is (its size and orientation are what the result reports).
        let facts = (try? StillReading.headerFacts(path: stillPath))?.facts
        let stillID = facts?.contentIdentifier
        var movieOutput = moviePath
        var pairedFile = file
        var movieID = file.movie.contentIdentifier
        if movieID == nil || movieID != stillID || options.outputDirectory != nil {
            // An MP4's paired copy is `<stem>.MOV`; with -o DIR the paired movie is in DIR.
            let name = file.isQuickTime ? PathComponents.lastComponent(moviePath)
                : PathComponents.lastComponent(PathComponents.deletingExtension(moviePath)) + ".MOV"
            let candidate = options.outputDirectory.map { PathComponents.appending(name, to: $0) }
                ?? PathComponents.sibling(named: name, of: moviePath)
            if candidate != moviePath, let other = try? MovieFile.open(path: candidate) {
                movieID = other.movie.contentIdentifier
                movieOutput = candidate
                pairedFile = other
            }
        }
        guard let stillID, stillID == movieID else {
            throw LivePhotoError(path: stillPath, reason: "already exists and is not this movie's still; it is never overwritten (move it, or use -o DIR)", category: .refused)
        }
        let existingTime = pairedFile.movie.stillImageTimeTracks.first.flatMap { try? StillImageTimeTrack.read($0, in: pairedFile).presentationTime }
        return MakeResult(movie: moviePath, still: stillPath, movieOutput: movieOutput, identifier: stillID,
                          stillTime: existingTime ?? 0, status: .alreadyMade, movieWrite: .none,
                          width: facts?.width ?? 0, height: facts?.height ?? 0,
                          codec: video.codec?.description, orientation: facts?.orientation ?? exifOrientation(rotationDegrees: video.header.rotationDegrees),
                          colour: nil, warnings: [])
    }

    /// The track matrix's rotation as EXIF Orientation: Photos then shows the still the way it
    /// plays the video, with the pixels as decoded.
    static func exifOrientation(rotationDegrees: Int) -> Int {
        switch rotationDegrees {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }

    /// link(2) fails when the target exists, so a still that appeared meanwhile is never replaced.
    static func linkIntoPlace(_ from: String, _ to: String) throws {
        guard FileSystemCalls.link(from, to) == 0 else {
            let e = Errno.current
            let reason = e == .exists ? "already exists; it is never overwritten" : e.description
            throw LivePhotoError(path: to, reason: "cannot write: \(reason)", category: .refused, errno: e)
        }
        AtomicFileWriter.syncDirectory(of: to)
    }
}

/// A hidden folder for the new JPEG before `pair` takes it: beside the destination (same file
/// system, so the final link is atomic), or in the temporary folder for a dry run.
struct ScratchFolder {
    let path: String

    init(beside target: String, dryRun: Bool) throws {
        let parent = dryRun ? NSTemporaryDirectory() : PathComponents.directory(of: target)
        let candidate = PathComponents.appending(".livephoto-make-\(UUID().uuidString)", to: parent)
        guard FileSystemCalls.mkdir(candidate, 0o700) == 0 else {
            let e = Errno.current
            throw LivePhotoError(path: target, reason: "cannot write: \(e) (in \(parent))", category: .refused, errno: e)
        }
        path = candidate
    }

    /// A new file in the folder holding `bytes`, with the mode any program gives a new file
    /// (0666 less the umask), as `make --wallpaper`'s files get.
    func create(_ file: String, holding bytes: [UInt8]) throws {
        guard let fd = FileSystemCalls.open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666) else { throw ParseError.system(Errno.current) }
        defer { close(fd) }
        try PositionedWrite.writeAll(bytes, to: fd, at: 0)
    }

    func remove() { FileSystemCalls.removeFolder(path) }
}
