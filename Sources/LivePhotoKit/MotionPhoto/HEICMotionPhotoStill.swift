import BinaryIO
import ISOBMFF
import StillImage

/// The Live Photo still made from a Samsung HEIC Motion Photo: the HEIF file without `mpvd`
/// (and `sefd`), its XMP item without the Motion Photo properties, every other item byte for
/// byte, then the identifier written as `pair` writes it (`HEICIdentifierWriter`). The
/// identifier writer works from a file, so this takes two temporary files beside the target:
/// the still without the video (removed again), then the paired still, returned fsynced and
/// checked but not yet in place.
enum HEICMotionPhotoStill {
    static func prepare(_ photo: HEICMotionPhoto, targetPath: String, modeFrom: String, identifier: String,
                        replaceForeignMakerNote: Bool) throws -> AtomicFileWriter {
        let still = photo.still
        let unpaired: AtomicFileWriter
        if let id = photo.xmpItemID, let xmp = photo.xmp, MotionPhotoToLivePhoto.removeVideo(from: xmp, keepingGainMap: false) {
            let edit = try HEIFItemEdit(file: still, replacing: id, newItem: nil, data: xmp.xmlBytes(), allowInPlace: true)
            unpaired = try HEIFWholeFileWriter.prepare(edit, targetPath: targetPath, modeFrom: modeFrom)
        } else {
            unpaired = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
            do { try unpaired.copy(from: still.source, offset: 0, count: still.source.size) } catch { unpaired.discard(); throw error }
        }
        defer { unpaired.discard() }
        let prepared = try HEICIdentifierWriter.prepare(sourcePath: unpaired.temporaryPath, targetPath: targetPath,
                                                        identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote)
        // A different target is always written whole, through a temporary file.
        guard let writer = prepared.write as? AtomicFileWriter else {
            prepared.write.abort()
            throw ParseError(.unsupported, "the paired still was not written to a new file", path: "meta")
        }
        do {
            let changed = Set([photo.xmpItemID, still.exifItemID].compactMap { $0 })
            let written = try HEIFItemsKept.check(original: still, writtenPath: writer.temporaryPath, changed: changed)
            if let id = HEICMotionPhoto.xmpItem(in: written), let xmp = try? XMPPacket(xml: written.itemBytes(id, maximum: HEICMotionPhoto.maximumXMPItemSize)),
               xmp.integer(MotionPhotoXMP.motionPhoto) == 1 {
                throw ParseError(.invalidValue, "the written still's XMP still says Motion Photo", path: "meta")
            }
        } catch { writer.discard(); throw error }
        return writer
    }
}
