import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `convert MOTION`: a Motion Photo becomes a Live Photo pair. The still is the primary image's
/// bytes with the Motion Photo XMP properties and the video removed (a gain map kept, with
/// its XMP item and MPF entry pointing at its new place) and the identifier in an Apple
/// MakerNote; the movie is the embedded MP4 remuxed to QuickTime (samples copied once, in the
/// kernel) with the identifier and a still-image-time track at the presentation timestamp.
/// Both are prepared before either is committed; inputs are never modified; outputs never
/// overwrite a file.
public enum MotionPhotoToLivePhoto {
    /// - Parameter scanned: what `scan` learned of this file (`ConvertBatch`), saving a walk of the image.
    public static func run(path: String, options: ConvertOptions = ConvertOptions(), scanned: ScannedImageEnd? = nil) throws -> ConvertResult {
        // A vivo still: its video is the file beside it, paired as a split-off video is.
        if let vivo = try vivoLivePhoto(path) {
            var result = try SplitVideoConversion.run(still: path, movie: vivo.movie, options: options)
            result.variant = .sidecarVideo
            return result
        }
        // Held through the writes: a second `convert` of this file waits, then finds the outputs.
        let locks = try OperationLocks.acquire([path], mode: options.dryRun ? .shared : .exclusive, wait: options.lockWait, stop: nil)
        defer { locks.release() }
        let input = try Input(path: path, scanned: scanned)
        var identifier = PairOperation.chooseIdentifier(options.identifier, stillID: input.existingID, movieID: input.movieFile.movie.contentIdentifier)

        let directory = try ConvertOutputNames.directory(for: path, outputDirectory: options.outputDirectory)
        let inputExtension = PathComponents.pathExtension(path)
        let stillExtension = input.heic != nil ? "HEIC" : inputExtension.isEmpty ? "jpg" : inputExtension
        let asked: String? = if case .given(let id) = options.identifier { id } else { nil }
        let (names, earlier) = try ConvertOutputNames.free(directory: directory, stem: ConvertOutputNames.livePhotoStem(path), extensions: [stillExtension, "MOV"],
                                                           avoiding: [path]) { names in
            ConvertedBefore.livePhoto(still: names[0], movie: names[1], video: input.movieFile, identifier: asked, sameImage: input.holdsImage)
        }
        defer { ConvertedOutput.release(names) }
        switch earlier {
        case .movieOnly(let id), .complete(let id): identifier = id
        case .none, .taken: break
        }

        var result = ConvertResult(direction: .motionToLive, status: .converted, input: path)
        result.still = names[0]
        result.movie = names[1]
        result.variant = input.variant
        result.identifier = identifier
        result.stillTime = ReportedSeconds(input.stillStart)
        result.videoBytes = input.videoSource.size
        result.warnings = input.warnings.isEmpty ? nil : input.warnings
        if options.dryRun { result.status = earlier == .complete(identifier: identifier) ? .alreadyConverted : .dryRun; return result }
        // What a killed run left beside these names: its temporary files (and nothing else).
        AtomicFileWriter.removeStaleTemporaries(for: names)
        if case .complete = earlier { result.status = .alreadyConverted; return result }

        do { try WritePermission.require(directory) } catch {
            throw LivePhotoError(path: names[0], reason: "cannot write: \((error as? ParseError)?.message ?? "\(error)") (in \(directory))", category: .refused,
                                 errno: (error as? ParseError)?.errno)
        }
        let plan = NewPairPlan(movieFile: input.movieFile, movieEdit: input.movieEdit(identifier: identifier), stillTarget: names[0],
                               movieTarget: earlier == .none ? names[1] : nil, modeFrom: path) {
            try input.prepareStill(target: names[0], identifier: identifier)
        }
        try PairExecutor.create(plan)
        if options.syncsOutputs {
            do { try ConvertedOutput.makeDurable(directories: [directory]) } catch { throw LivePhotoError.wrap(error, path: names[1], category: .refused) }
        }
        return result
    }

    /// The vivo Live Photo `path` is the still of, if it is one (its errors named by `path`; a
    /// file that cannot be opened is left to the Motion Photo reader to report).
    static func vivoLivePhoto(_ path: String) throws -> VivoLivePhoto? {
        guard let source = try? FileSource(path: path) else { return nil }
        do { return try VivoLivePhoto.read(source) } catch { throw wrap(error, path) }
    }

    /// The Motion Photo as read: what differs between a JPEG and a HEIC one is how the video is
    /// found and how the still is written; the movie is made the same way.
    struct Input {
        let path: String
        var jpeg: MotionPhoto? = nil
        var heic: HEICMotionPhoto? = nil
        let videoSource: FileSource
        let variant: MotionPhoto.Variant
        var warnings: [String]
        let existingID: String?
        let movieFile: MovieFile
        let tracks: MotionPhotoVideoTracks
        /// The still's frame, on the movie's ticks (`MotionPhotoStillTime`).
        let stillTime: ResolvedStillTime
        /// That frame's exact start, for the report.
        let stillStart: FrameTiming.ExactTime

        init(path: String, scanned: ScannedImageEnd?) throws {
            self.path = path
            let kind: FileKind
            do { kind = try FileKind.detect(path: path) } catch { throw LivePhotoError.wrap(error, path: path) }
            let presentationTimestampUs: Int64?
            do {
                switch kind {
                case .jpeg:
                    let photo = try MotionPhotoReader.read(path: path, scanned: scanned)
                    jpeg = photo
                    (videoSource, variant, presentationTimestampUs, warnings) = (try photo.videoSource(), photo.variant, photo.presentationTimestampUs, photo.warnings)
                    // Read as `verify` reads a still (frame header included): one that would not
                    // verify is refused here, before anything is written.
                    existingID = try StillImageReader.headerFacts(source: photo.source, structure: photo.structure).contentIdentifier
                case .heic:
                    let photo = try HEICMotionPhoto.read(source: FileSource(path: path))
                    heic = photo
                    (videoSource, variant, presentationTimestampUs, warnings) = (try photo.videoSource(), .samsungHEIC, photo.presentationTimestampUs, photo.warnings)
                    existingID = try? HEICStill(file: photo.still).contentIdentifier()
                default: throw LivePhotoError(path: path, reason: "not a Motion Photo (JPEG or HEIC)", category: .unreadable)
                }
            } catch let error as LivePhotoError { throw error } catch { throw wrap(error, path) }

            do { movieFile = try MovieFile(source: videoSource) } catch {
                throw LivePhotoError(path: path, reason: "the embedded video: \(LivePhotoError.wrap(error, path: path).reason)", category: .unreadable)
            }
            guard let tracks = MotionPhotoVideoTracks(movieFile.movie) else {
                throw LivePhotoError(path: path, reason: "the embedded video has no video track", category: .unreadable)
            }
            self.tracks = tracks
            do {
                (stillTime, stillStart) = try MotionPhotoStillTime.resolve(presentationTimestampUs: presentationTimestampUs, movie: movieFile.movie,
                                                                             tracks: tracks, warnings: &warnings)
            } catch { throw wrap(error, path) }
            if let note = tracks.note { warnings.append(note) }
            if let note = foreignMakerNoteNote(path, heic: heic?.still) { warnings.append(note) }
        }

        /// The movie half: the identifier, the still-image-time sample at the still's frame
        /// (its first movie tick), the other video tracks out of playback.
        func movieEdit(identifier: String) -> LivePhotoMovieEdit {
            let timing = FrameTiming(track: tracks.motion, movieTimescale: movieFile.movie.header.timescale)
            return LivePhotoMovieEdit(identifier: identifier, placement: .at(tick: stillTime.tick, sampleDuration: stillTime.sampleDuration),
                                      existing: ExistingStillImageTime(file: movieFile, videoTiming: timing), video: tracks.motion,
                                      disabledTracks: tracks.playedOthers)
        }

        /// The still, written from the input already read and read back; not yet in place.
        func prepareStill(target: String, identifier: String) throws -> AtomicFileWriter {
            if let jpeg { return try prepareJPEGStill(jpeg, targetPath: target, modeFrom: path, identifier: identifier) }
            guard let heic else { throw LivePhotoError(path: path, reason: "not a Motion Photo (JPEG or HEIC)", category: .unreadable) }
            return try HEICMotionPhotoStill.prepare(heic, targetPath: target, modeFrom: path, identifier: identifier)
        }

        /// Whether the still at `path` holds this Motion Photo's image (an earlier output of it).
        func holdsImage(_ stillPath: String) -> Bool {
            if let jpeg { return ConvertedBefore.sameJPEGImage(stillPath, as: jpeg) }
            guard let heic else { return false }
            let changed = Set([heic.xmpItemID, heic.still.exifItemID].compactMap { $0 })
            return (try? HEIFItemsKept.check(original: heic.still, writtenPath: stillPath, changed: changed)) != nil
        }
    }

    /// The JPEG still: image bytes as they are, XMP without the video, a gain map after the
    /// image; read back, not yet in place.
    static func prepareJPEGStill(_ photo: MotionPhoto, targetPath: String, modeFrom: String, identifier: String) throws -> AtomicFileWriter {
        var edit = JPEGRewrite(imageEnd: photo.imageEnd)
        edit.replacedXMPSegmentOffset = photo.xmpSegmentOffset
        // Images between the EOI and the video (Xiaomi's watermarks) stay with the still (a gain
        // map there is the directory's, moved on its own below).
        if photo.gainMap == nil, photo.video.offset > photo.imageEnd,
           try JPEGTrailerKind.atStart(of: photo.source, offset: photo.imageEnd, length: photo.video.offset - photo.imageEnd) == .jpegImage {
            (edit.imageEnd, edit.primaryEnd) = (photo.video.offset, photo.imageEnd)
        }
        edit.identifier = identifier
        edit.replaceForeignMakerNote = true
        if let xmp = photo.xmp {
            removeVideo(from: xmp, keepingGainMap: photo.gainMap != nil)
            edit.xmpSegments = [xmp.segmentPayload()]
        }
        if let gainMap = photo.gainMap { edit.trailing = [(gainMap.offset, gainMap.length)] }
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            let written = try edit.write(source: photo.source, structure: photo.structure, to: writer)
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .stillWritten) { try checkStill(writer.temporaryPath, identifier: identifier, length: written) }
        } catch { writer.discard(); throw error }
        return writer
    }

    /// Takes the video out of a still's XMP: Motion Photo properties removed, the directory
    /// kept only when a gain map stays (Primary + GainMap), every other property as it was.
    /// Returns whether anything was removed.
    @discardableResult
    static func removeVideo(from xmp: XMPPacket, keepingGainMap: Bool) -> Bool {
        let directory = xmp.containerDirectory()
        let had = directory != nil || MotionPhotoXMP.all.contains { xmp.value($0) != nil }
        for p in MotionPhotoXMP.all { xmp.remove(p) }
        let kept = (directory ?? []).filter { $0.semantic != MotionPhotoXMP.Semantic.motionPhoto }
        if keepingGainMap && kept.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.gainMap }) {
            var items = kept
            if !items.isEmpty, items[0].semantic == MotionPhotoXMP.Semantic.primary { items[0].padding = 0 }
            xmp.setContainerDirectory(MotionPhotoXMP.paddingOnEveryItem(items))
        } else {
            xmp.setContainerDirectory(nil)
        }
        return had
    }

    /// `convert` writes a new still and never touches its input, so a foreign MakerNote (a
    /// Pixel's Google one) is not carried into the output, where the Apple MakerNote holding the
    /// identifier goes; the input keeps it. (`pair`, which edits a still in place, refuses instead.)
    /// The note saying so; nil when the still has no foreign MakerNote. A HEIC's still is the one already read.
    static func foreignMakerNoteNote(_ path: String, heic: HEIFFile? = nil) -> String? {
        let info = heic.map { try? HEICStill(file: $0).info(path: path) } ?? (try? StillReading.read(path: path).info)
        guard let info, case .foreign(let maker) = info.makerNote else { return nil }
        return "the \(maker) MakerNote is not copied into the new still (its Apple MakerNote holds the identifier); \(PathComponents.lastComponent(path)) keeps it"
    }

    /// Reads the written still back: a JPEG of the expected length whose MakerNote holds the identifier.
    static func checkStill(_ path: String, identifier: String, length: UInt64) throws {
        let source = try StillHeaderWindow.open(path)
        guard source.size == length, try StillImageReader.contentIdentifier(source: source) == identifier else {
            throw ParseError(.invalidValue, "the written still does not read back with the identifier", path: "JPEG")
        }
    }

    static func wrap(_ error: Error, _ path: String) -> LivePhotoError {
        if let e = error as? NotAMotionPhoto { return LivePhotoError(path: path, reason: e.reason, category: .unreadable) }
        if let e = error as? MotionPhotoVideoMissing { return LivePhotoError(path: path, reason: e.reason, category: .unreadable) }
        return LivePhotoError.wrap(error, path: path)
    }
}
