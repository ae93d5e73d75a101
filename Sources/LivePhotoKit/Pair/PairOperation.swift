import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `pair`: binds a JPEG still and a QuickTime (or MP4) movie into a Live Photo by writing one
/// identifier into both and a still-image-time track into the movie. Both files are prepared
/// (written and fsynced beside their targets) before either is committed, so a failure never
/// leaves a half-paired pair; originals are never left half-written.
public enum PairOperation {
    public static func run(still stillPath: String, movie moviePath: String, options: PairOptions = PairOptions()) throws -> PairResult {
        try InputFiles.requireKind(stillPath, still: true)
        try InputFiles.requireKind(moviePath, still: false)

        let stillInfo: StillImageInfo
        let stillIsHEIC: Bool
        do {
            stillIsHEIC = try FileKind.detect(path: stillPath) == .heic
            stillInfo = try StillReading.info(path: stillPath)
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        if case .foreign(let maker) = stillInfo.makerNote, !options.replaceForeignMakerNote {
            throw LivePhotoError(path: stillPath, reason: ForeignMakerNoteError(maker: maker).description, category: .refused)
        }

        var movieFile = try InputFiles.openMovie(moviePath)
        if let cut = InterruptedAppendRecovery.leftoverStart(in: movieFile.topLevel), !options.dryRun {
            // An earlier run was interrupted mid-append: cut its leftovers, then read again.
            do {
                try WritePermission.require(moviePath)
                try InterruptedAppendRecovery.truncate(path: moviePath, to: cut)
            } catch {
                let reason = (error as? ParseError)?.message ?? "\(error)"
                throw LivePhotoError(path: moviePath, reason: "cannot clean up an interrupted edit: \(reason)", category: .refused)
            }
            movieFile = try InputFiles.openMovie(moviePath)
        }
        let movie = movieFile.movie
        guard let video = movie.videoTracks.first else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }

        let outputs = try OutputPaths(still: stillPath, movie: moviePath, movieIsMP4: !movieFile.isQuickTime, directory: options.outputDirectory)

        let stillID = stillInfo.contentIdentifier
        let movieID = movie.contentIdentifier
        let identifier = chooseIdentifier(options.identifier, stillID: stillID, movieID: movieID)
        let stillTime = try StillTimeResolver.resolve(options.stillTime, movie: movie, video: video, path: moviePath)

        var result = PairResult(still: stillPath, movie: moviePath, stillOutput: outputs.still, movieOutput: outputs.movie,
                                identifier: identifier, stillTime: stillTime, status: "paired", movieWrite: "none")

        if let existingTime = try alreadyPairedTime(movieFile, video: video, identifier: identifier, stillID: stillID, movieID: movieID, choice: options.stillTime, stillTime: stillTime) {
            result.status = "already-paired"
            result.stillTime = existingTime
            result.stillOutput = stillPath
            result.movieOutput = moviePath
            return result
        }

        let inPlaceTail = outputs.movie == moviePath && TailAppendMovieWrite.applies(to: movieFile)
        result.movieWrite = outputs.movie != moviePath ? "new-file" : (inPlaceTail ? "tail-append" : "rewrite")
        if options.dryRun {
            result.status = "dry-run"
            return result
        }

        try checkWritable(outputs: outputs, still: stillPath, movie: moviePath, tail: inPlaceTail)
        AtomicFileWriter.removeStaleTemporaries(for: outputs.still)
        AtomicFileWriter.removeStaleTemporaries(for: outputs.movie)

        let stillWriter: PreparedFileWrite
        do {
            if stillIsHEIC {
                // A HEIC that already holds the identifier is left as it is (only the movie changes).
                if stillID == identifier && outputs.still == stillPath {
                    stillWriter = UnchangedFile()
                } else {
                    stillWriter = try HEICIdentifierWriter.prepare(sourcePath: stillPath, targetPath: outputs.still, identifier: identifier,
                                                                   replaceForeignMakerNote: options.replaceForeignMakerNote).write
                }
            } else {
                stillWriter = try StillIdentifierWriter.prepare(sourcePath: stillPath, targetPath: outputs.still, identifier: identifier,
                                                               replaceForeignMakerNote: options.replaceForeignMakerNote)
            }
        } catch {
            throw LivePhotoError.wrap(error, path: outputs.still, category: .refused)
        }

        let plan = MovieRewritePlan(file: movieFile)
        if !movieFile.isQuickTime { plan.replacementFileType = MovieRewritePlan.quickTimeFileType() }
        do {
            try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, stillTime: stillTime)
        } catch {
            stillWriter.abort()
            throw LivePhotoError.wrap(error, path: moviePath)
        }

        let movieWrite: PreparedFileWrite
        do {
            if inPlaceTail {
                let tail = try TailAppendMovieWrite(plan)
                try tail.prepare()
                movieWrite = tail
            } else {
                movieWrite = try WholeFileMovieWriter.prepare(plan, targetPath: outputs.movie, modeFrom: moviePath)
            }
        } catch {
            stillWriter.abort()
            throw LivePhotoError.wrap(error, path: outputs.movie, category: .refused)
        }
        // Both are on disk; now the two commits: a rename, then a rename or a 4-byte write.
        do { try stillWriter.commit() } catch { movieWrite.abort(); throw LivePhotoError.wrap(error, path: outputs.still, category: .refused) }
        do { try movieWrite.commit() } catch { throw LivePhotoError.wrap(error, path: outputs.movie, category: .refused) }
        return result
    }

    /// Every file edited in place and every directory a new file is written into must be
    /// writable; checked before anything is prepared, so a refusal changes nothing.
    static func checkWritable(outputs: OutputPaths, still stillPath: String, movie moviePath: String, tail: Bool) throws {
        var checks: [(path: String, report: String)] = []
        if outputs.still == stillPath { checks.append((stillPath, stillPath)) }
        checks.append((WritePermission.directory(of: outputs.still), outputs.still))
        if outputs.movie == moviePath { checks.append((moviePath, moviePath)) }
        if !tail { checks.append((WritePermission.directory(of: outputs.movie), outputs.movie)) }
        for check in checks {
            do { try WritePermission.require(check.path) } catch {
                let reason = (error as? ParseError)?.message ?? "\(error)"
                let dirNote = check.path == check.report ? "" : " (in \(check.path))"
                throw LivePhotoError(path: check.report, reason: "cannot write: \(reason)\(dirNote)", category: .refused)
            }
        }
    }

    static func chooseIdentifier(_ choice: PairOptions.IdentifierChoice, stillID: String?, movieID: String?) -> String {
        switch choice {
        case .given(let id): return id
        case .fresh: return ContentIdentifier.random()
        case .automatic:
            let s = stillID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            let m = movieID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            if let s, let m { return s == m ? s : ContentIdentifier.random() }
            return s ?? m ?? ContentIdentifier.random()
        }
    }

    /// The existing still time when both files already carry `identifier` and the movie has
    /// one correct still-image-time track (at the asked time, if one was asked); else nil.
    static func alreadyPairedTime(_ file: MovieFile, video: Track, identifier: String, stillID: String?, movieID: String?,
                                  choice: PairOptions.StillTimeChoice, stillTime: Double) throws -> Double? {
        guard stillID == identifier, movieID == identifier, file.movie.metadata?.stringValue(forKey: Movie.contentIdentifierKey) == identifier else { return nil }
        let tracks = file.movie.stillImageTimeTracks
        guard tracks.count == 1, let track = tracks.first else { return nil }
        guard (track.references["cdsc"] ?? []).contains(video.trackID) else { return nil }
        let reading = try StillImageTimeTrack.read(track, in: file)
        guard reading.value != nil, let t = reading.presentationTime else { return nil }
        let span = video.presentedSpan(movieTimescale: file.movie.header.timescale)
        guard t >= span.start - 1e-6, t <= span.end + 1e-6 else { return nil }
        if choice != .middle && abs(t - stillTime) > 0.0005 { return nil }
        return t
    }
}
