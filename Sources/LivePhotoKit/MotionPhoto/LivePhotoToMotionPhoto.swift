import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `convert STILL MOVIE`: a Live Photo pair becomes one Motion Photo, `<stem>.MP.jpg`: the
/// still's bytes unchanged except its XMP (Motion Photo properties and a `Container:Directory`
/// added, every other property kept), then the movie remuxed to an ISO MP4 (same samples,
/// copied once; Apple's timed-metadata tracks and QuickTime `moov/meta` left out), and with
/// `--samsung` the SEF trailer. The result is read back as a Motion Photo before it is put in
/// place; inputs are never modified.
public enum LivePhotoToMotionPhoto {
    public static func run(still stillPath: String, movie moviePath: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        try InputFiles.requireKind(stillPath, still: true)
        try InputFiles.requireKind(moviePath, still: false)
        let movieFile = try InputFiles.openMovie(moviePath)
        guard let video = movieFile.movie.videoTracks.first else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }
        var warnings: [String] = []
        let stillTime = try liveStillTime(movieFile, video: video, path: moviePath, warnings: &warnings)
        // Rounded up: a timestamp a microsecond before the frame would name the frame before it.
        let timestampUs = Int64((stillTime * 1_000_000).rounded(.up))
        if let codec = video.codec, codec == "hvc1" || codec == "hev1" {
            warnings.append("the video is HEVC, kept as it is (never re-encoded); some Android galleries play only H.264")
        }

        let plan = MovieRewritePlan(file: movieFile)
        removeAppleOnlyBoxes(plan)
        plan.replacementFileType = isoFileType(h264: video.codec == "avc1")
        let mp4: MovieFileImage
        do { mp4 = try MovieFileImage(plan) } catch { throw LivePhotoError.wrap(error, path: moviePath) }

        let source: FileSource
        let structure: JPEGStructure
        let imageEnd: UInt64
        var xmp = XMPPacket.empty()
        do {
            source = try FileSource(path: stillPath)
            structure = try JPEGStructure.read(source)
            imageEnd = try JPEGImageEnd.find(source, structure: structure)
            if let segment = structure.segments.first(where: { $0.isAPP(1) && $0.payloadPrefix.starts(with: XMPPacket.standardSignature) }) {
                xmp = try XMPPacket.fromSegmentPayload(try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/XMP"))
            }
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }

        let header = options.samsungTrailer ? SamsungSEFTrailer.recordHeader(type: SamsungSEFTrailer.motionPhotoDataType, name: SamsungSEFTrailer.motionPhotoDataName) : []
        let recordLength = UInt64(header.count) + mp4.size
        let footer = options.samsungTrailer ? SamsungSEFTrailer.directoryAndFooter(records: [(SamsungSEFTrailer.motionPhotoDataType, UInt32(clamping: recordLength), UInt32(clamping: recordLength))]) : []

        // The directory: Primary (its padding: bytes after EOI that no kept item claims, and
        // the SEF record header), the kept items (a gain map), then the video. Walked back from
        // the end, the video item must land on the MP4's first byte, so with the SEF trailer
        // its length also counts the directory after it.
        var kept = (xmp.containerDirectory() ?? []).filter { $0.semantic != MotionPhotoXMP.Semantic.motionPhoto && $0.semantic != MotionPhotoXMP.Semantic.primary }
        let keptBytes = kept.reduce(UInt64(0)) { $0 + ($1.length ?? 0) }
        guard keptBytes <= source.size - imageEnd else {
            throw LivePhotoError(path: stillPath, reason: "its Container:Directory items need more bytes than follow the image", category: .unreadable)
        }
        let padding = source.size - imageEnd - keptBytes + UInt64(header.count)
        if options.samsungTrailer && kept.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.gainMap }) {
            warnings.append("with the Samsung trailer, the SEF record header sits between the gain map and the video; readers that walk the directory back from the end find the video but not the gain map")
        }
        kept.insert(XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0, padding: padding), at: 0)
        kept.append(XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: mp4.size + UInt64(footer.count)))
        for p in MotionPhotoXMP.all { xmp.remove(p) }
        xmp.set(MotionPhotoXMP.motionPhoto, "1")
        xmp.set(MotionPhotoXMP.version, "1")
        xmp.set(MotionPhotoXMP.presentationTimestamp, String(timestampUs))
        xmp.setContainerDirectory(kept)
        let hasExtended = structure.segments.contains { $0.isAPP(1) && $0.payloadPrefix.starts(with: XMPPacket.extendedSignature) }
        let payloads: [[UInt8]]
        do {
            payloads = try ExtendedXMP.segments(xmp, keeping: [XMPNamespace.googleCamera, XMPNamespace.container, XMPNamespace.containerItem])
        } catch { throw LivePhotoError.wrap(error, path: stillPath, category: .refused) }
        if payloads.count > 1 && hasExtended {
            throw LivePhotoError(path: stillPath, reason: "the XMP would need extended XMP, and the still already has some (merging them is not supported)", category: .refused)
        }

        let directory = try ConvertOutputNames.directory(for: stillPath, outputDirectory: options.outputDirectory)
        let stem = URL(fileURLWithPath: stillPath).deletingPathExtension().lastPathComponent
        let target = try ConvertOutputNames.free(directory: directory, stem: stem, extensions: ["MP.jpg"], avoiding: [stillPath, moviePath])[0]

        var result = ConvertResult(direction: .liveToMotion, status: .converted, input: stillPath)
        result.inputMovie = moviePath
        result.motionPhoto = target
        result.variant = options.samsungTrailer ? .samsung : .google
        result.identifier = try? StillImageReader.contentIdentifier(source: source) ?? movieFile.movie.contentIdentifier
        result.stillTime = stillTime
        result.videoBytes = mp4.size
        result.warnings = warnings.isEmpty ? nil : warnings
        if options.dryRun { result.status = .dryRun; return result }

        do { try WritePermission.require(directory) } catch {
            throw LivePhotoError(path: target, reason: "cannot write: \((error as? ParseError)?.message ?? "\(error)") (in \(directory))", category: .refused,
                                 errno: (error as? ParseError)?.errno)
        }
        do {
            let writer = try AtomicFileWriter(targetPath: target, modeFrom: stillPath)
            do {
                var edit = JPEGRewrite(imageEnd: source.size)
                edit.xmpSegments = payloads
                edit.primaryEnd = imageEnd
                let stillLength = try edit.write(source: source, structure: structure, to: writer)
                try writer.write(header)
                try mp4.write(to: writer)
                try writer.write(footer)
                try writer.sync()
                try checkWritten(writer.temporaryPath, video: .init(offset: stillLength + UInt64(header.count), length: mp4.size),
                                 timestampUs: timestampUs, samples: video.sampleTable.sampleCount)
                try writer.commitWithoutReplacing()
            } catch { writer.discard(); throw error }
        } catch { throw LivePhotoError.wrap(error, path: target, category: .refused) }
        return result
    }

    /// The presentation time of the video frame the Live Photo shows: the still-image-time
    /// (which sits on a movie tick, so up to a tick before its frame) snapped to the frame that
    /// starts within one tick after it; else the middle of the video.
    static func liveStillTime(_ file: MovieFile, video: Track, path: String, warnings: inout [String]) throws -> Double {
        if let track = file.movie.stillImageTimeTracks.first,
           let t = try? StillImageTimeTrack.read(track, in: file).presentationTime {
            let tick = 1 / Double(max(1, file.movie.header.timescale))
            let frames = video.framePresentationTimes(movieTimescale: file.movie.header.timescale)
            return frames.last { $0 <= t + tick + 1e-9 } ?? t
        }
        let span = video.presentedSpan(movieTimescale: file.movie.header.timescale)
        warnings.append("the movie has no still-image-time; the presentation timestamp is the middle of the video")
        return (span.start + span.end) / 2
    }

    /// Leaves out what only Apple's players read: timed-metadata (`mebx`) tracks and the
    /// QuickTime `moov/meta` (an ISO reader expects a FullBox there).
    static func removeAppleOnlyBoxes(_ plan: MovieRewritePlan) {
        let drop = Set(plan.file.movie.tracks.filter { t in t.sampleEntries.contains { $0.format == "mebx" } }.map { ObjectIdentifier($0.atom) })
        plan.moov.children?.removeAll { drop.contains(ObjectIdentifier($0)) || $0.type == "meta" }
    }

    /// `ftyp` isom, minor 512, compatible isom iso2 (avc1) mp41.
    static func isoFileType(h264: Bool) -> Atom {
        var w = ByteWriter()
        w.fourCC("isom"); w.u32(0x200)
        for brand: FourCC in h264 ? ["isom", "iso2", "avc1", "mp41"] : ["isom", "iso2", "mp41"] { w.fourCC(brand) }
        return Atom(type: "ftyp", payload: w.bytes)
    }

    /// Reads the written file back as a Motion Photo: the video where it was written, the
    /// presentation timestamp, and an MP4 whose video has every sample.
    static func checkWritten(_ path: String, video: MotionPhoto.ByteRange, timestampUs: Int64, samples: UInt32) throws {
        let photo = try MotionPhotoReader.read(path: path)
        let movie = try MovieFile(source: photo.videoSource())
        guard photo.video == video, photo.presentationTimestampUs == timestampUs,
              movie.movie.videoTracks.first?.sampleTable.sampleCount == samples else {
            throw ParseError(.invalidValue, "the written Motion Photo does not read back as written", path: "JPEG")
        }
    }
}
