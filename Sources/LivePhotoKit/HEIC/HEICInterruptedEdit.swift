import BinaryIO
import ISOBMFF

/// What an interrupted in-place HEIC edit leaves: its appended `mdat` (written and fsynced, but
/// the commit never pointed `iloc` at it). Recognised narrowly: the file's last box is an
/// `mdat` that no item uses, no larger than an Exif item, holding exactly an Exif item payload
/// (a TIFF header offset, then TIFF). No reader can see those bytes, so a rerun cuts them off.
enum HEICInterruptedEdit {
    static func leftoverStart(in file: HEIFFile) throws -> UInt64? {
        guard let last = file.topLevel.boxes.last, last.type == "mdat", last.offset > file.metaHeader.end || last.end < file.metaHeader.offset,
              last.payloadSize > 8, last.payloadSize <= UInt64(HEICStill.maximumExifItemSize) else { return nil }
        for item in file.locations.items where item.constructionMethod == .fileOffset {
            if try file.dataRanges(of: item).contains(where: { $0.upperBound > last.offset && $0.lowerBound < last.end }) { return nil }
        }
        let payload = try file.source.read(at: last.payloadOffset, count: Int(last.payloadSize), path: "mdat")
        guard let start = try? HEICStill.tiffStart(in: payload, itemID: 0), payload.count >= start + 4 else { return nil }
        let tiffHeader = Array(payload[start..<start + 4])
        guard tiffHeader == [0x49, 0x49, 0x2A, 0x00] || tiffHeader == [0x4D, 0x4D, 0x00, 0x2A] else { return nil }
        return last.offset
    }
}
