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
        let kind: FileKind
        do { kind = try FileKind.detect(path: path) } catch { throw LivePhotoError.wrap(error, path: path) }
        // What differs between a JPEG and a HEIC Motion Photo: how the video is found and how
        // the still is written; the movie is made the same way.
        let jpeg: MotionPhoto?
        let heic: HEICMotionPhoto?
        let videoSource: FileSource
        let variant: MotionPhoto.Variant
        let presentationTime: Double?
        var warnings: [String]
        let existingID: String?
        do {
            switch kind {
            case .jpeg:
                let photo = try MotionPhotoReader.read(path: path, scanned: scanned)
                (jpeg, heic) = (photo, nil)
                (videoSource, variant, presentationTime, warnings) = (try photo.videoSource(), photo.variant, photo.presentationTime, photo.warnings)
                existingID = try? StillImageReader.contentIdentifier(source: photo.source)
            case .heic:
                let photo = try HEICMotionPhoto.read(source: FileSource(path: path))
                (jpeg, heic) = (nil, photo)
                (videoSource, variant, presentationTime, warnings) = (try photo.videoSource(), .samsungHEIC, photo.presentationTime, photo.warnings)
                existingID = try? HEICStill(source: photo.still.source).contentIdentifier()
            default: throw LivePhotoError(path: path, reason: "not a Motion Photo (JPEG or HEIC)", category: .unreadable)
            }
        } catch let error as LivePhotoError { throw error } catch { throw wrap(error, path) }

        let movieFile: MovieFile
        do { movieFile = try MovieFile(source: videoSource) } catch {
            throw LivePhotoError(path: path, reason: "the embedded video: \(LivePhotoError.wrap(error, path: path).reason)", category: .unreadable)
        }
        guard let video = movieFile.movie.videoTracks.first else {
            throw LivePhotoError(path: path, reason: "the embedded video has no video track", category: .unreadable)
        }
        let stillTime: Double
        do {
            stillTime = try MotionPhotoStillTime.resolve(presentationTime: presentationTime, movie: movieFile.movie, video: video, warnings: &warnings)
        } catch { throw wrap(error, path) }

        let identifier = PairOperation.chooseIdentifier(options.identifier, stillID: existingID ?? nil, movieID: movieFile.movie.contentIdentifier)

        let directory = try ConvertOutputNames.directory(for: path, outputDirectory: options.outputDirectory)
        let inputExtension = PathComponents.pathExtension(path)
        let stillExtension = heic != nil ? "HEIC" : inputExtension.isEmpty ? "jpg" : inputExtension
        let names = try ConvertOutputNames.free(directory: directory, stem: ConvertOutputNames.livePhotoStem(path), extensions: [stillExtension, "MOV"], avoiding: [path])

        var result = ConvertResult(direction: .motionToLive, status: .converted, input: path)
        result.still = names[0]
        result.movie = names[1]
        result.variant = variant
        result.identifier = identifier
        result.stillTime = stillTime
        result.videoBytes = videoSource.size
        result.warnings = warnings.isEmpty ? nil : warnings
        if options.dryRun { result.status = .dryRun; return result }

        do { try WritePermission.require(directory) } catch {
            throw LivePhotoError(path: names[0], reason: "cannot write: \((error as? ParseError)?.message ?? "\(error)") (in \(directory))", category: .refused,
                                 errno: (error as? ParseError)?.errno)
        }

        let stillWriter: AtomicFileWriter
        do {
            if let jpeg {
                stillWriter = try prepareJPEGStill(jpeg, targetPath: names[0], modeFrom: path, identifier: identifier, options: options)
            } else {
                stillWriter = try HEICMotionPhotoStill.prepare(heic!, targetPath: names[0], modeFrom: path, identifier: identifier,
                                                               replaceForeignMakerNote: options.replaceForeignMakerNote)
            }
        } catch { throw LivePhotoError.wrap(error, path: names[0], category: .refused) }

        // The movie: the MP4 as QuickTime with the identifier and the still-image-time track.
        let movieWriter: AtomicFileWriter
        do {
            let plan = MovieRewritePlan(file: movieFile)
            plan.replacementFileType = MovieRewritePlan.quickTimeFileType()
            try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, stillTime: stillTime)
            let image = try MovieFileImage(plan)
            movieWriter = try AtomicFileWriter(targetPath: names[1], modeFrom: path)
            do { try image.write(to: movieWriter) } catch { movieWriter.discard(); throw error }
        } catch {
            stillWriter.discard()
            throw LivePhotoError.wrap(error, path: names[1], category: .refused)
        }
        // Both are complete before either gets its name (see `ConvertedOutput` for durability).
        do { try ConvertedOutput.place(stillWriter) } catch { movieWriter.discard(); throw LivePhotoError.wrap(error, path: names[0], category: .refused) }
        do { try ConvertedOutput.place(movieWriter) } catch {
            FileSystemCalls.unlink(names[0])
            throw LivePhotoError.wrap(error, path: names[1], category: .refused)
        }
        if options.syncsOutputs {
            do { try ConvertedOutput.makeDurable(directories: [directory]) } catch { throw LivePhotoError.wrap(error, path: names[1], category: .refused) }
        }
        return result
    }

    /// The JPEG still: image bytes as they are, XMP without the video, a gain map after the
    /// image; read back, not yet in place.
    static func prepareJPEGStill(_ photo: MotionPhoto, targetPath: String, modeFrom: String, identifier: String, options: ConvertOptions) throws -> AtomicFileWriter {
        var edit = JPEGRewrite(imageEnd: photo.imageEnd)
        edit.identifier = identifier
        edit.replaceForeignMakerNote = options.replaceForeignMakerNote
        if let xmp = photo.xmp {
            removeVideo(from: xmp, keepingGainMap: photo.gainMap != nil)
            edit.xmpSegments = [xmp.segmentPayload()]
        }
        if let gainMap = photo.gainMap { edit.trailing = [(gainMap.offset, gainMap.length)] }
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            let written = try edit.write(source: photo.source, structure: photo.structure, to: writer)
            try checkStill(writer.temporaryPath, identifier: identifier, length: written)
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
            xmp.setContainerDirectory(items)
        } else {
            xmp.setContainerDirectory(nil)
        }
        return had
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
        return LivePhotoError.wrap(error, path: path)
    }
}
