import BinaryIO
import ISOBMFF
import StillImage

/// A Samsung HEIC/HEIF Motion Photo: a HEIF still with the MP4 in a top-level `mpvd` box at
/// the end of the file (Samsung may follow it with a `sefd` box, or nest `sefd` in it after the MP4). The box is authoritative:
/// the XMP's directory lengths are often wrong, so they are only compared, with a warning.
/// The still is every byte before `mpvd`, read as a HEIF file of its own, so an item whose
/// bytes reach into `mpvd` fails as "past the end of its data".
struct HEICMotionPhoto {
    /// XMP items are a few KB; a bound keeps a hostile length from costing memory.
    static let maximumXMPItemSize = 4 << 20
    /// The XMP content type Samsung, Google and libheif write on the `mime` item.
    static let xmpContentType = "application/rdf+xml"

    let source: FileSource
    /// The still: the file up to `mpvd`.
    let still: HEIFFile
    let mpvd: BoxHeader
    /// The MP4: `mpvd`'s payload without a nested `sefd`.
    let video: MotionPhoto.ByteRange
    let xmpItemID: UInt32?
    /// The XMP item, parsed; nil when there is none or it could not be parsed (a warning says so).
    let xmp: XMPPacket?
    let presentationTimestampUs: Int64?
    var warnings: [String]

    /// The Motion Photo in `source`; throws `NotAMotionPhoto` for a HEIC without `mpvd` and
    /// `ParseError` for a damaged or lying one.
    static func read(source: FileSource) throws -> HEICMotionPhoto {
        let top = try TopLevelBoxes.scan(source)
        if let tail = top.incompleteTailOffset {
            throw ParseError(.truncated, "truncated: a box runs past the end of the file", path: "", offset: tail)
        }
        let boxes = top.all("mpvd")
        guard let mpvd = boxes.first else { throw NotAMotionPhoto(reason: "not a Motion Photo (no 'mpvd' box)") }
        guard boxes.count == 1 else {
            throw ParseError(.invalidValue, "\(boxes.count) 'mpvd' boxes (a Motion Photo has one video)", path: "mpvd", offset: boxes[1].offset)
        }
        // Only Samsung's `sefd` may follow: anything else would be cut off with the video.
        if let other = top.boxes.first(where: { $0.offset >= mpvd.end && $0.type != "sefd" }) {
            throw ParseError(.unsupported, "the 'mpvd' box is not the last box (a '\(other.type)' box follows it)", path: "mpvd", offset: mpvd.offset)
        }
        let video = try videoRange(source, mpvd: mpvd)
        guard video.length >= 8, try JPEGTrailerKind.atStart(of: source, offset: video.offset, length: video.length) == .isoMedia else {
            throw ParseError(.invalidValue, "the 'mpvd' box holds no MP4 (no 'ftyp' box at offset \(video.offset))", path: "mpvd", offset: mpvd.offset)
        }
        let still = try HEIFFile(source: source.slice(offset: 0, length: mpvd.offset))

        var warnings: [String] = []
        let xmpItemID = xmpItem(in: still)
        var xmp: XMPPacket? = nil
        if let xmpItemID {
            do { xmp = try XMPPacket(xml: try still.itemBytes(xmpItemID, maximum: maximumXMPItemSize)) } catch {
                warnings.append("the XMP item could not be read (\(error)); it is kept as it is")
            }
        }
        if let stated = xmp?.containerDirectory()?.first(where: { $0.semantic == MotionPhotoXMP.Semantic.motionPhoto })?.length,
           stated != video.length {
            warnings.append("the XMP directory says the video has \(stated) bytes; the MP4 in 'mpvd' has \(video.length) (the box is used)")
        }
        let timestamp = xmp?.integer(MotionPhotoXMP.presentationTimestamp) ?? xmp?.integer(MotionPhotoXMP.microVideoPresentationTimestamp)
        return HEICMotionPhoto(source: source, still: still, mpvd: mpvd, video: video, xmpItemID: xmpItemID, xmp: xmp,
                               presentationTimestampUs: timestamp, warnings: warnings)
    }

    /// The MP4 in `mpvd`: its payload (after a 16-byte header when the box has a 64-bit size),
    /// up to a `sefd` box nested after the MP4 (S22/S23; One UI 6 puts `sefd` after `mpvd`).
    static func videoRange(_ source: FileSource, mpvd: BoxHeader) throws -> MotionPhoto.ByteRange {
        let payload = try source.slice(offset: mpvd.payloadOffset, length: mpvd.payloadSize)
        let end = (try? TopLevelBoxes.scan(payload))?.boxes.first { $0.type == "sefd" }?.offset ?? mpvd.payloadSize
        return MotionPhoto.ByteRange(offset: mpvd.payloadOffset, length: end)
    }

    /// The XMP item: a `mime` item whose content type is XMP's.
    static func xmpItem(in file: HEIFFile) -> UInt32? {
        file.itemInfo.entries.first { $0.itemType == "mime" && $0.contentType?.contains("rdf+xml") == true }?.itemID
    }

    func videoSource() throws -> FileSource { try source.slice(offset: video.offset, length: video.length) }

    var presentationTime: Double? {
        guard let us = presentationTimestampUs, us >= 0 else { return nil }
        return Double(us) / 1_000_000
    }
}
