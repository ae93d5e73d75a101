import BinaryIO
import ISOBMFF
import StillImage

/// `convert STILL MOVIE` with a HEIC still: `<stem>.MP.HEIC` as Samsung writes it. The HEIC's
/// bytes are kept except its XMP item, which gains the Motion Photo properties and a
/// `Container:Directory` (every other property kept); a HEIC without one gets an XMP item
/// (`mime`, content type `application/rdf+xml`, describing the primary image). The MP4 follows
/// in a top-level `mpvd` box at the end of the file, so no item offset moves for it.
struct HEICLiveToMotionPhoto {
    let file: HEIFFile
    let xmpItemID: UInt32?
    let xmp: XMPPacket

    /// Reads and checks the still (before any name is chosen, so `--dry-run` reports the same
    /// errors as a real run).
    init(stillPath: String) throws {
        file = try HEIFFile.open(path: stillPath)
        if let mpvd = file.topLevel.first("mpvd") {
            throw ParseError(.invalidValue, "already a Motion Photo (it holds an 'mpvd' video box)", path: "mpvd", offset: mpvd.offset)
        }
        // Readers find the video by walking the boxes, or back from the end of the file by the
        // XMP's lengths: after bytes that are not a box (kept, as never cut) it would be out of
        // the first's reach, and before them out of the second's.
        if let trailer = file.trailerOffset {
            throw ParseError(.unsupported, "ends in \(file.topLevel.fileSize - trailer) bytes that are not a box (a trailer, or a box cut off); "
                             + "a Motion Photo's video must be the file's last box", offset: trailer)
        }
        xmpItemID = HEICMotionPhoto.xmpItem(in: file)
        if let xmpItemID {
            xmp = try XMPPacket(xml: file.itemBytes(xmpItemID, maximum: HEICMotionPhoto.maximumXMPItemSize))
        } else {
            xmp = try XMPPacket.empty()
        }
    }

    /// Writes the Motion Photo into a temporary file beside `targetPath`, read back
    /// (the video where it was written, the timestamp, every sample, every other item's bytes),
    /// not yet in place.
    func prepare(targetPath: String, modeFrom: String, mp4: MovieFileImage, timestampUs: Int64, samples: UInt32) throws -> AtomicFileWriter {
        // Walked back from the end of the file, the video item starts at the MP4's first byte;
        // the `mpvd` box header between the HEIF still and the MP4 is the primary's padding.
        let header = HEICLiveToMotionPhoto.mpvdHeader(payloadSize: mp4.size)
        MotionPhotoXMP.write(into: xmp, timestampUs: timestampUs, directory: [
            XMPContainerItem(semantic: MotionPhotoXMP.Semantic.primary, mime: "image/heic", length: 0, padding: UInt64(header.count)),
            XMPContainerItem(semantic: MotionPhotoXMP.Semantic.motionPhoto, mime: "video/mp4", length: mp4.size),
        ])
        let newItem = xmpItemID == nil
            ? HEIFItemEdit.NewItem(type: "mime", describes: file.primaryItemID, contentType: HEICMotionPhoto.xmpContentType) : nil
        let edit = try HEIFItemEdit(file: file, replacing: xmpItemID, newItem: newItem, data: xmp.xmlBytes(), allowInPlace: true)
        let writer = try HEIFWholeFileWriter.prepare(edit, targetPath: targetPath, modeFrom: modeFrom, syncing: false)
        do {
            try writer.write(header)
            try mp4.write(to: writer)
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .motionPhotoWritten) {
                let written = try HEICMotionPhoto.read(source: FileSource(path: writer.temporaryPath))
                let movie = try MovieFile(source: written.videoSource())
                guard written.video.length == mp4.size, written.presentationTimestampUs == timestampUs, written.xmpItemID == edit.itemID,
                      movie.movie.mainVideoTrack?.sampleTable.sampleCount == samples else {
                    throw ParseError(.invalidValue, "the written Motion Photo does not read back as written", path: "mpvd")
                }
                try HEIFItemsKept.check(original: file, written: written.still, changed: [edit.itemID])
            }
        } catch { writer.discard(); throw error }
        return writer
    }

    /// The identifier in the still's EXIF, or why it could not be read (from the file as parsed).
    var identifierFacts: StillHeaderFacts? { try? HEICStill(file: file).headerFacts() }

    /// Whether the Motion Photo at `path` holds this still's items (an earlier output of it):
    /// every item but the XMP byte for byte.
    func holdsImage(of path: String) -> Bool {
        (try? HEIFItemsKept.check(original: file, writtenPath: path, changed: Set([xmpItemID].compactMap { $0 }))) != nil
    }

    /// A top-level `mpvd` box header; a 64-bit size for a video of 4 GiB or more.
    static func mpvdHeader(payloadSize: UInt64) -> [UInt8] {
        BoxHeader.bytes(type: "mpvd", payloadSize: payloadSize)
    }
}
