import BinaryIO
import ISOBMFF
import StillImage

/// `convert STILL MOVIE` with a JPEG still: `<stem>.MP.jpg`, the still's bytes unchanged except
/// its XMP (Motion Photo properties and a `Container:Directory` added, every other property
/// kept, split into extended XMP when it would not fit one segment), then the MP4, and with
/// `--samsung` the SEF trailer around it, with `--huawei` the `LIVE_` fields after it.
struct JPEGLiveToMotionPhoto {
    let source: FileSource
    let structure: JPEGStructure
    let imageEnd: UInt64
    let payloads: [[UInt8]]
    /// What goes before the MP4 and after it: the SEF record header and the directory and
    /// footer (`--samsung`), Huawei's fields (`--huawei`).
    let header: [UInt8]
    let footer: [UInt8]
    /// `--oppo`: the EXIF payload with `UserComment` `oplus_<flags>`; nil keeps the EXIF.
    let exifPayload: [UInt8]?
    /// The presentation time a reader finds in the written file (Huawei's is whole milliseconds).
    let writtenTimestampUs: Int64

    /// Where the still sits in the video: the presentation timestamp (microseconds, rounded up
    /// from the frame's start) and that frame's index.
    struct Cover {
        var timestampUs: Int64
        var frame: Int
        /// Whole milliseconds, rounded up as the microseconds were (Huawei's PLAY field).
        var milliseconds: Int64 { (timestampUs + 999) / 1000 }
    }

    /// Reads the still and builds its new XMP (before any name is chosen, so `--dry-run`
    /// reports the same errors as a real run).
    init(stillPath: String, gallery: MotionPhotoGallery, mp4Size: UInt64, cover: Cover, warnings: inout [String]) throws {
        var xmp = try XMPPacket.empty()
        do {
            source = try StillHeaderWindow.open(stillPath)
            structure = try JPEGStructure.read(source)
            imageEnd = try JPEGImageEnd.find(source, structure: structure)
            if let segment = structure.segments.first(where: { $0.isAPP(1) && $0.payloadPrefix.starts(with: XMPPacket.standardSignature) }) {
                xmp = try XMPPacket.fromSegmentPayload(try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/XMP"))
            }
            (header, footer) = try Self.wrapping(gallery: gallery, mp4Size: mp4Size, cover: cover)
            exifPayload = gallery == .oppo ? try Self.oplusExif(source, structure, warnings: &warnings) : nil
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        writtenTimestampUs = gallery == .huawei ? cover.milliseconds * 1000 : cover.timestampUs
        let timestampUs = cover.timestampUs
        let samsungTrailer = gallery == .samsung

        // The directory: Primary (its padding: bytes after EOI that no kept item claims, and
        // the SEF record header), the kept items (a gain map), then the video. Walked back from
        // the end, the video item must land on the MP4's first byte, so with the SEF trailer
        // its length also counts the directory after it.
        let directory = xmp.containerDirectory() ?? []
        var kept = directory.filter { $0.semantic != MotionPhotoXMP.Semantic.motionPhoto && $0.semantic != MotionPhotoXMP.Semantic.primary }
        try Self.sizeUnsizedItem(&kept, primaryPadding: directory.first { $0.semantic == MotionPhotoXMP.Semantic.primary }?.padding ?? 0,
                                 bytesAfterImage: source.size - imageEnd, stillPath: stillPath)
        // Lengths are the XMP's numbers: summed without overflow (a sum past UInt64 is too many bytes too).
        guard let keptBytes = Self.sum(kept.map { $0.length ?? 0 }), keptBytes <= source.size - imageEnd else {
            throw LivePhotoError(path: stillPath, reason: "its Container:Directory items need more bytes than follow the image", category: .unreadable)
        }
        let padding = source.size - imageEnd - keptBytes + UInt64(header.count)
        if samsungTrailer && kept.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.gainMap }) {
            warnings.append("with the Samsung trailer, the SEF record header sits between the gain map and the video; readers that walk the directory back from the end find the video but not the gain map")
        }
        kept.insert(XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/jpeg", length: 0, padding: padding), at: 0)
        kept.append(XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: mp4Size + UInt64(footer.count)))
        MotionPhotoXMP.write(into: xmp, timestampUs: timestampUs, directory: kept)
        if gallery == .oppo { MotionPhotoXMP.writeOplus(into: xmp, timestampUs: timestampUs, videoLength: mp4Size) }
        let hasExtended = structure.segments.contains { $0.isAPP(1) && $0.payloadPrefix.starts(with: XMPPacket.extendedSignature) }
        do {
            payloads = try ExtendedXMP.segments(xmp, keeping: [XMPNamespace.googleCamera, XMPNamespace.container, XMPNamespace.containerItem, XMPNamespace.oplusCamera])
        } catch { throw LivePhotoError.wrap(error, path: stillPath, category: .refused) }
        if payloads.count > 1 && hasExtended {
            throw LivePhotoError(path: stillPath, reason: "the XMP would need extended XMP, and the still already has some (merging them is not supported)", category: .refused)
        }
    }

    /// Every item after the primary needs its `Item:Length` (readers walk the directory back
    /// from the end). One item without it (or with 0) is given the bytes after the image that
    /// the primary's padding and the other items leave, which is where it is; with two, the
    /// bytes cannot be told apart and the still is refused (before anything is written).
    static func sizeUnsizedItem(_ items: inout [XMPContainerItem], primaryPadding: UInt64, bytesAfterImage: UInt64, stillPath: String) throws {
        let unsized = items.indices.filter { (items[$0].length ?? 0) == 0 }
        guard let first = unsized.first else { return }
        guard unsized.count == 1, let claimed = sum([primaryPadding] + items.map { $0.length ?? 0 }), claimed < bytesAfterImage else {
            throw LivePhotoError(path: stillPath, reason: "its Container:Directory \(items[first].semantic) item has no Item:Length, and the bytes after the image do not tell it", category: .unreadable)
        }
        items[first].length = bytesAfterImage - claimed
    }

    /// The sum, nil past UInt64.max.
    static func sum(_ values: [UInt64]) -> UInt64? {
        var total: UInt64 = 0
        for v in values {
            let (next, overflow) = total.addingReportingOverflow(v)
            if overflow { return nil }
            total = next
        }
        return total
    }

    /// The still's EXIF with ColorOS's `UserComment`; nil (with a warning) when the still has
    /// no Exif IFD or a comment of its own, which is kept.
    static func oplusExif(_ source: FileSource, _ structure: JPEGStructure, warnings: inout [String]) throws -> [UInt8]? {
        let skipped = "ColorOS Gallery may show the photo without its motion"
        guard let exif = structure.exifSegment else { warnings.append("the still has no EXIF for UserComment oplus_<flags>: \(skipped)"); return nil }
        let payload = try source.read(at: exif.payloadOffset, count: exif.payloadLength, path: "APP1/Exif")
        do {
            guard let patched = try OplusUserComment.settingFlag(payload: payload, payloadOffset: exif.payloadOffset) else {
                warnings.append("the still's own EXIF UserComment is kept (not oplus_<flags>): \(skipped)")
                return nil
            }
            return patched
        } catch let error as ParseError where error.kind == .unsupported {
            warnings.append("\(error.message): \(skipped)")
            return nil
        }
    }

    /// The bytes a gallery's layout puts before and after the MP4.
    static func wrapping(gallery: MotionPhotoGallery, mp4Size: UInt64, cover: Cover) throws -> (header: [UInt8], footer: [UInt8]) {
        switch gallery {
        case .google, .oppo: return ([], [])
        case .samsung:
            let header = SamsungSEFTrailer.recordHeader(type: SamsungSEFTrailer.motionPhotoDataType, name: SamsungSEFTrailer.motionPhotoDataName)
            let length = UInt32(clamping: UInt64(header.count) + mp4Size)
            return (header, SamsungSEFTrailer.directoryAndFooter(records: [(SamsungSEFTrailer.motionPhotoDataType, length, length)]))
        case .huawei:
            let version = HuaweiLiveTrailer.Version(version: HuaweiLiveTrailer.galleryVersion, coverFrame: UInt32(clamping: cover.frame))
            let ms = cover.milliseconds
            return ([], try HuaweiLiveTrailer.bytes(version: version, startMs: HuaweiLiveTrailer.playStart(coverMs: ms), coverMs: ms, videoLength: mp4Size))
        }
    }

    /// Writes the Motion Photo into a temporary file beside `targetPath`, read back not yet in place.
    func prepare(targetPath: String, modeFrom: String, mp4: MovieFileImage, samples: UInt32) throws -> AtomicFileWriter {
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            var edit = JPEGRewrite(imageEnd: source.size)
            edit.xmpSegments = payloads
            edit.exifPayload = exifPayload
            edit.primaryEnd = imageEnd
            let stillLength = try edit.write(source: source, structure: structure, to: writer)
            try writer.write(header)
            try mp4.write(to: writer)
            try writer.write(footer)
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .motionPhotoWritten) {
                try JPEGLiveToMotionPhoto.checkWritten(writer.temporaryPath, video: .init(offset: stillLength + UInt64(header.count), length: mp4.size),
                                                       timestampUs: writtenTimestampUs, samples: samples)
            }
        } catch { writer.discard(); throw error }
        return writer
    }

    /// Reads the written file back as a Motion Photo: the video where it was written, the
    /// presentation timestamp, and an MP4 whose video has every sample.
    static func checkWritten(_ path: String, video: MotionPhoto.ByteRange, timestampUs: Int64, samples: UInt32) throws {
        let photo = try MotionPhotoReader.read(path: path)
        let movie = try MovieFile(source: photo.videoSource())
        guard photo.video == video, photo.presentationTimestampUs == timestampUs,
              movie.movie.mainVideoTrack?.sampleTable.sampleCount == samples else {
            throw ParseError(.invalidValue, "the written Motion Photo does not read back as written", path: "JPEG")
        }
    }
}
