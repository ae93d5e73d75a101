import BinaryIO
import ISOBMFF
import StillImage

/// The Live Photo still made from a Samsung HEIC Motion Photo: the HEIF file without `mpvd`
/// (and `sefd`), its XMP item without the Motion Photo properties, every other item byte for
/// byte, and the identifier written as `pair` writes it (`HEICIdentifierWriter`'s EXIF).
/// Both items are one edit of the still as `HEICMotionPhoto` read it (the same bytes as the
/// XMP edit followed by `pair`'s, written once): one temporary file beside the target, not
/// fsynced (the conversion's `ConvertedOutput` makes it durable), read back once, checked,
/// not yet in place.
enum HEICMotionPhotoStill {
    /// A foreign MakerNote is replaced (see `MotionPhotoToLivePhoto.foreignMakerNoteNote`).
    static func prepare(_ photo: HEICMotionPhoto, targetPath: String, modeFrom: String, identifier: String) throws -> AtomicFileWriter {
        let still = photo.still
        var changes: [HEIFItemEdit.Change] = []
        if let id = photo.xmpItemID, let xmp = photo.xmp, MotionPhotoToLivePhoto.removeVideo(from: xmp, keepingGainMap: false) {
            changes.append(HEIFItemEdit.Change(.replacing(id), data: xmp.xmlBytes()))
        }
        let exif = try HEICIdentifierWriter.exifChange(HEICStill(file: still), identifier: identifier, replaceForeignMakerNote: true)
        changes.append(exif.change)
        let edit = try HEIFItemEdit(file: still, changes: changes, allowInPlace: true)
        let writer = try HEIFWholeFileWriter.prepare(edit, targetPath: targetPath, modeFrom: modeFrom, syncing: false)
        do {
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .stillWritten) {
                let written = try HEICStill(path: writer.temporaryPath)
                let exifItem = edit.itemIDs[changes.count - 1]
                try HEICIdentifierWriter.verifyWritten(sourceFile: still, written: written, exifItem: exifItem,
                                                       otherEdited: Set([photo.xmpItemID].compactMap { $0 }), identifier: identifier)
                try HEIFItemsKept.check(original: still, written: written.file, changed: Set([photo.xmpItemID, still.exifItemID].compactMap { $0 }))
                try refuseMotionPhotoXMP(written.file)
            }
        } catch { writer.discard(); throw error }
        return writer
    }

    /// The written still must not still claim to be a Motion Photo: its video is gone, so a
    /// reader that believed the XMP would look for a video that is not there.
    static func refuseMotionPhotoXMP(_ written: HEIFFile) throws {
        if let id = HEICMotionPhoto.xmpItem(in: written),
           let xmp = try? XMPPacket(xml: written.itemBytes(id, maximum: HEICMotionPhoto.maximumXMPItemSize)),
           xmp.integer(MotionPhotoXMP.motionPhoto) == 1 {
            throw ParseError(.invalidValue, "the written still's XMP still says Motion Photo", path: "meta")
        }
    }
}
