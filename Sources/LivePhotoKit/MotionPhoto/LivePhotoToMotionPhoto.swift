import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `convert STILL MOVIE`: a Live Photo pair becomes one Motion Photo: `<stem>.MP.jpg` for a
/// JPEG still (`JPEGLiveToMotionPhoto`), `<stem>.MP.HEIC` for a HEIC one
/// (`HEICLiveToMotionPhoto`): the still's bytes unchanged except its XMP, and the movie
/// remuxed to an ISO MP4 (same samples, copied once; Apple's timed-metadata tracks and
/// QuickTime `moov/meta` left out). The result is read back as a Motion Photo before it is
/// put in place; inputs are never modified.
public enum LivePhotoToMotionPhoto {
    public static func run(still stillPath: String, movie moviePath: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        try InputFiles.requireKind(stillPath, as: .pairStill)
        try InputFiles.requireKind(moviePath, as: .pairMovie)
        // Held through the write: a second `convert` of this pair waits, then finds the output.
        let locks = try OperationLocks.acquire(still: stillPath, movie: moviePath, mode: options.dryRun ? .shared : .exclusive, wait: options.lockWait, stop: nil)
        defer { locks.release() }
        let movieFile = try InputFiles.openMovie(moviePath)
        guard let video = movieFile.movie.mainVideoTrack else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }
        var warnings: [String] = []
        let stillTime = liveStillTime(movieFile, video: video, warnings: &warnings)
        // Rounded up: a timestamp a microsecond before the frame would name the frame before it.
        let timestampUs = stillTime.ceiling(timescale: 1_000_000)
        if let codec = video.codec, codec == "hvc1" || codec == "hev1" {
            warnings.append("the video is HEVC, kept as it is (never re-encoded); some Android galleries play only H.264")
        }

        let plan = MovieRewritePlan(file: movieFile)
        removeAppleOnlyBoxes(plan)
        plan.replacementFileType = isoFileType(h264: video.codec == "avc1")
        let mp4: MovieFileImage
        do { mp4 = try MovieFileImage(plan) } catch { throw LivePhotoError.wrap(error, path: moviePath) }

        // The still's half, read and checked before any name is chosen (so `--dry-run`
        // reports the same errors as a real run).
        let isHEIC = (try? FileKind.detect(path: stillPath)) == .heic
        let heic: HEICLiveToMotionPhoto?
        let jpeg: JPEGLiveToMotionPhoto?
        do {
            heic = isHEIC ? try HEICLiveToMotionPhoto(stillPath: stillPath) : nil
            if isHEIC, options.gallery != .google, options.gallery != .samsung {
                throw LivePhotoError(path: stillPath, reason: "--\(options.gallery.rawValue) writes a JPEG Motion Photo; this still is HEIC", category: .refused)
            }
            let cover = JPEGLiveToMotionPhoto.Cover(timestampUs: timestampUs, frame: stillFrame(movieFile, video: video, at: stillTime))
            jpeg = isHEIC ? nil : try JPEGLiveToMotionPhoto(stillPath: stillPath, gallery: options.gallery, mp4Size: mp4.size, cover: cover, warnings: &warnings)
        } catch let error as LivePhotoError { throw error } catch { throw LivePhotoError.wrap(error, path: stillPath) }

        let stillID = stillIdentifier(stillPath, heic: heic, warnings: &warnings)
        let directory = try ConvertOutputNames.directory(for: stillPath, outputDirectory: options.outputDirectory)
        let stem = PathComponents.lastComponent(PathComponents.deletingExtension(stillPath))
        let (names, earlier) = try ConvertOutputNames.free(directory: directory, stem: stem, extensions: [isHEIC ? "MP.HEIC" : "MP.jpg"],
                                                           avoiding: [stillPath, moviePath]) { names in
            ConvertedBefore.motionPhoto(names[0], identifier: stillID, movie: movieFile) { written in
                if let heic { return heic.holdsImage(of: written) }
                return ConvertedBefore.sameJPEGImage(written, as: stillPath)
            }
        }
        defer { ConvertedOutput.release(names) }
        let target = names[0]

        var result = ConvertResult(direction: .liveToMotion, status: .converted, input: stillPath)
        result.inputMovie = moviePath
        result.motionPhoto = target
        result.variant = isHEIC ? .samsungHEIC : options.gallery == .samsung ? .samsung : options.gallery == .huawei ? .huawei : .google
        result.identifier = stillID ?? movieFile.movie.contentIdentifier
        result.stillTime = ReportedSeconds(stillTime)
        result.videoBytes = mp4.size
        result.warnings = warnings.isEmpty ? nil : warnings
        if options.dryRun { result.status = earlier == .none ? .dryRun : .alreadyConverted; return result }
        // What a killed run left beside the name: its temporary file (and nothing else).
        AtomicFileWriter.removeStaleTemporaries(for: names)
        if earlier != .none { result.status = .alreadyConverted; return result }

        do { try WritePermission.require(directory) } catch {
            throw LivePhotoError(path: target, reason: "cannot write: \((error as? ParseError)?.message ?? "\(error)") (in \(directory))", category: .refused,
                                 errno: (error as? ParseError)?.errno)
        }
        do {
            let samples = video.sampleTable.sampleCount
            // A still is a HEIC or a JPEG: when `heic` is nil, `jpeg` is set.
            let writer = try heic?.prepare(targetPath: target, modeFrom: stillPath, mp4: mp4, timestampUs: timestampUs, samples: samples)
                ?? jpeg!.prepare(targetPath: target, modeFrom: stillPath, mp4: mp4, samples: samples)
            FaultInjection.reach(.convertMovieWritten)
            try ConvertedOutput.place(writer)
            if options.syncsOutputs { try ConvertedOutput.makeDurable(directories: [directory]) }
        } catch { throw LivePhotoError.wrap(error, path: target, category: .refused) }
        return result
    }

    /// The still's identifier (a HEIC's from the file as parsed above: it is read once). The
    /// EXIF is carried as it is; when it does not read to the identifier, a warning says why.
    static func stillIdentifier(_ stillPath: String, heic: HEICLiveToMotionPhoto?, warnings: inout [String]) -> String? {
        let facts = heic == nil ? try? StillImageReader.headerFacts(source: StillHeaderWindow.open(stillPath), frameSize: false) : heic?.identifierFacts
        if let unread = facts?.identifierUnread { warnings.append("\(unread); the still's EXIF is carried as it is") }
        return facts?.contentIdentifier
    }

    /// The start of the video frame the Live Photo shows, exact: the still-image-time (which
    /// sits on a movie tick, so up to a tick before its frame) snapped to the last frame that
    /// starts by the tick after it; else the middle of the video.
    static func liveStillTime(_ file: MovieFile, video: Track, warnings: inout [String]) -> FrameTiming.ExactTime {
        let timescale = file.movie.header.timescale
        if let track = file.movie.stillImageTimeTracks.first, (try? StillImageTimeTrack.read(track, in: file)) != nil,
           let marked = track.firstSampleStart(movieTimescale: timescale) {
            let timing = FrameTiming(track: video, movieTimescale: timescale)
            let tickAfter = FrameTiming.ExactTime(marked.numerator + marked.scale / Int128(max(1, timescale)), per: marked.scale)
            return timing.lastFrame(startingAtOrBefore: tickAfter).map { timing.start(ofFrame: $0) } ?? marked
        }
        warnings.append("the movie has no still-image-time; the presentation timestamp is the middle of the video")
        return video.presentedMiddle(movieTimescale: timescale)
    }

    /// The index of the frame that starts at `time` (Huawei's cover frame), in presentation order.
    static func stillFrame(_ file: MovieFile, video: Track, at time: FrameTiming.ExactTime) -> Int {
        FrameTiming(track: video, movieTimescale: file.movie.header.timescale).lastFrame(startingAtOrBefore: time) ?? 0
    }

    /// Leaves out what only Apple's players read: timed-metadata (`mebx`) tracks and the
    /// QuickTime `moov/meta` (an ISO reader expects a FullBox there).
    static func removeAppleOnlyBoxes(_ plan: MovieRewritePlan) {
        let drop = Set(plan.file.movie.tracks.filter { t in t.sampleEntries.contains { $0.format == "mebx" } }.map { ObjectIdentifier($0.atom) })
        plan.moov.children?.removeAll { drop.contains(ObjectIdentifier($0)) || $0.type == "meta" }
    }

    /// `ftyp` isom, minor 512, compatible isom iso2 (avc1) mp41.
    static func isoFileType(h264: Bool) -> Atom {
        FileTypeBox(majorBrand: "isom", minorVersion: 0x200, compatibleBrands: h264 ? ["isom", "iso2", "avc1", "mp41"] : ["isom", "iso2", "mp41"]).atom()
    }
}
