import BinaryIO
import ISOBMFF
import StillImage

/// The Live Photo still made from a Samsung HEIC Motion Photo: the HEIF file without `mpvd`
/// (and `sefd`), its XMP item without the Motion Photo properties, every other item byte for
/// byte, then the identifier written as `pair` writes it (`HEICIdentifierWriter`'s EXIF).
/// One temporary file beside the target, not fsynced (the conversion's `ConvertedOutput`
/// makes it durable): the still without the video is written into it, then the identifier's
/// edit is applied to that same file, returned checked but not yet in place.
enum HEICMotionPhotoStill {
    /// A foreign MakerNote is replaced (see `MotionPhotoToLivePhoto.foreignMakerNoteNote`).
    static func prepare(_ photo: HEICMotionPhoto, targetPath: String, modeFrom: String, identifier: String) throws -> AtomicFileWriter {
        let still = photo.still
        var writer: AtomicFileWriter
        if let id = photo.xmpItemID, let xmp = photo.xmp, MotionPhotoToLivePhoto.removeVideo(from: xmp, keepingGainMap: false) {
            let edit = try HEIFItemEdit(file: still, replacing: id, newItem: nil, data: xmp.xmlBytes(), allowInPlace: true)
            writer = try HEIFWholeFileWriter.prepare(edit, targetPath: targetPath, modeFrom: modeFrom, syncing: false)
        } else {
            writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
            do { try writer.copy(from: still.source, offset: 0, count: still.source.size) } catch { writer.discard(); throw error }
        }
        do {
            let unpaired = try HEICStill(path: writer.temporaryPath)
            let edit = try HEICIdentifierWriter.exifChange(unpaired, identifier: identifier, replaceForeignMakerNote: true)
                .edit(of: unpaired.file, allowInPlace: true)
            if edit.keepsMetaSize {
                try applyKeepingMetaSize(edit, to: writer)
            } else {
                // `meta` grows (an `Exif` item added): everything after it moves, so the file
                // is written again, whole; the first temporary file is removed at once.
                let whole = try HEIFWholeFileWriter.prepare(edit, targetPath: targetPath, modeFrom: modeFrom, syncing: false)
                writer.discard()
                writer = whole
            }
            try HEICIdentifierWriter.verifyWritten(sourceFile: unpaired.file, writtenPath: writer.temporaryPath, editedItem: edit.itemID, identifier: identifier)
            let changed = Set([photo.xmpItemID, still.exifItemID].compactMap { $0 })
            let written = try HEIFItemsKept.check(original: still, writtenPath: writer.temporaryPath, changed: changed)
            if let id = HEICMotionPhoto.xmpItem(in: written), let xmp = try? XMPPacket(xml: written.itemBytes(id, maximum: HEICMotionPhoto.maximumXMPItemSize)),
               xmp.integer(MotionPhotoXMP.motionPhoto) == 1 {
                throw ParseError(.invalidValue, "the written still's XMP still says Motion Photo", path: "meta")
            }
        } catch { writer.discard(); throw error }
        return writer
    }

    /// Applies `edit` to the file it was planned on, which `writer` is still writing: the bytes
    /// `HEIFWholeFileWriter` would write, when `meta` keeps its size (nothing moves): the new
    /// `meta` over the old, the item's bytes over its old ones (in place) or the `mdat` after the end.
    static func applyKeepingMetaSize(_ edit: HEIFItemEdit, to writer: AtomicFileWriter) throws {
        precondition(edit.keepsMetaSize)
        guard edit.file.source.size == writer.bytesWritten else {
            throw ParseError(.invalidValue, "the edit was planned on another file", path: "meta")
        }
        try writer.overwrite(edit.metaBytes, at: edit.file.metaHeader.offset)
        if let patch = edit.patchOffset { try writer.overwrite(edit.data, at: patch) }
        try writer.write(edit.appendedBytes)
    }
}
