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
    public static func run(path: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        let kind: FileKind
        do { kind = try FileKind.detect(path: path) } catch { throw LivePhotoError.wrap(error, path: path) }
        switch kind {
        case .jpeg: break
        case .heic:
            let isMotion = (try? FileSource(path: path)).flatMap { try? MotionPhotoSummary.readHEIC($0) } != nil
            throw LivePhotoError(path: path, reason: isMotion ? "Samsung HEIC Motion Photos (video in 'mpvd') are not yet supported: converting needs the HEIF writer"
                                                              : "HEIC stills are not yet supported", category: .unreadable)
        default: throw LivePhotoError(path: path, reason: "not a Motion Photo (JPEG)", category: .unreadable)
        }
        let photo: MotionPhoto
        do { photo = try MotionPhotoReader.read(path: path) } catch { throw wrap(error, path) }

        let movieFile: MovieFile
        do { movieFile = try MovieFile(source: photo.videoSource()) } catch {
            throw LivePhotoError(path: path, reason: "the embedded video: \(LivePhotoError.wrap(error, path: path).reason)", category: .unreadable)
        }
        guard let video = movieFile.movie.videoTracks.first else {
            throw LivePhotoError(path: path, reason: "the embedded video has no video track", category: .unreadable)
        }
        var warnings = photo.warnings
        let stillTime: Double
        do { stillTime = try MotionPhotoStillTime.resolve(presentationTime: photo.presentationTime, movie: movieFile.movie, video: video, warnings: &warnings) }
        catch { throw wrap(error, path) }

        let existingID = try? StillImageReader.contentIdentifier(source: photo.source)
        let identifier = PairOperation.chooseIdentifier(options.identifier, stillID: existingID ?? nil, movieID: movieFile.movie.contentIdentifier)

        let directory = try ConvertOutputNames.directory(for: path, outputDirectory: options.outputDirectory)
        let stillExtension = URL(fileURLWithPath: path).pathExtension.isEmpty ? "jpg" : URL(fileURLWithPath: path).pathExtension
        let names = try ConvertOutputNames.free(directory: directory, stem: ConvertOutputNames.livePhotoStem(path), extensions: [stillExtension, "MOV"], avoiding: [path])

        var result = ConvertResult(direction: .motionToLive, status: .converted, input: path)
        result.still = names[0]
        result.movie = names[1]
        result.variant = photo.variant
        result.identifier = identifier
        result.stillTime = stillTime
        result.videoBytes = photo.video.length
        result.warnings = warnings.isEmpty ? nil : warnings
        if options.dryRun { result.status = .dryRun; return result }

        do { try WritePermission.require(directory) } catch {
            throw LivePhotoError(path: names[0], reason: "cannot write: \((error as? ParseError)?.message ?? "\(error)") (in \(directory))", category: .refused,
                                 errno: (error as? ParseError)?.errno)
        }

        // The still: image bytes as they are, XMP without the video, gain map after the image.
        var edit = JPEGRewrite(imageEnd: photo.imageEnd)
        edit.identifier = identifier
        edit.replaceForeignMakerNote = options.replaceForeignMakerNote
        if let xmp = photo.xmp {
            edit.xmpSegments = [stillXMP(xmp, keepingGainMap: photo.gainMap != nil)]
        }
        if let gainMap = photo.gainMap { edit.trailing = [(gainMap.offset, gainMap.length)] }
        let stillWriter: AtomicFileWriter
        do {
            stillWriter = try AtomicFileWriter(targetPath: names[0], modeFrom: path)
            do {
                let written = try edit.write(source: photo.source, structure: photo.structure, to: stillWriter)
                try stillWriter.sync()
                try checkStill(stillWriter.temporaryPath, identifier: identifier, length: written)
            } catch { stillWriter.discard(); throw error }
        } catch { throw LivePhotoError.wrap(error, path: names[0], category: .refused) }

        // The movie: the MP4 as QuickTime with the identifier and the still-image-time track.
        let movieWriter: AtomicFileWriter
        do {
            let plan = MovieRewritePlan(file: movieFile)
            plan.replacementFileType = MovieRewritePlan.quickTimeFileType()
            try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, stillTime: stillTime)
            movieWriter = try WholeFileMovieWriter.prepare(plan, targetPath: names[1], modeFrom: path)
        } catch {
            stillWriter.discard()
            throw LivePhotoError.wrap(error, path: names[1], category: .refused)
        }
        do { try stillWriter.commitWithoutReplacing() } catch { movieWriter.discard(); throw LivePhotoError.wrap(error, path: names[0], category: .refused) }
        do { try movieWriter.commitWithoutReplacing() } catch {
            unlink(names[0])
            throw LivePhotoError.wrap(error, path: names[1], category: .refused)
        }
        return result
    }

    /// The primary's XMP without the video: Motion Photo properties removed, the directory
    /// kept only when a gain map stays (Primary + GainMap), every other property as it was.
    static func stillXMP(_ xmp: XMPPacket, keepingGainMap: Bool) -> [UInt8] {
        for p in MotionPhotoXMP.all { xmp.remove(p) }
        let kept = (xmp.containerDirectory() ?? []).filter { $0.semantic != MotionPhotoXMP.Semantic.motionPhoto }
        if keepingGainMap && kept.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.gainMap }) {
            var items = kept
            if !items.isEmpty, items[0].semantic == MotionPhotoXMP.Semantic.primary { items[0].padding = 0 }
            xmp.setContainerDirectory(items)
        } else {
            xmp.setContainerDirectory(nil)
        }
        return xmp.segmentPayload()
    }

    /// Reads the written still back: a JPEG of the expected length whose MakerNote holds the identifier.
    static func checkStill(_ path: String, identifier: String, length: UInt64) throws {
        let source = try FileSource(path: path)
        guard source.size == length, try StillImageReader.contentIdentifier(source: source) == identifier else {
            throw ParseError(.invalidValue, "the written still does not read back with the identifier", path: "JPEG")
        }
    }

    static func wrap(_ error: Error, _ path: String) -> LivePhotoError {
        if let e = error as? NotAMotionPhoto { return LivePhotoError(path: path, reason: e.reason, category: .unreadable) }
        return LivePhotoError.wrap(error, path: path)
    }
}
