import BinaryIO

/// A JPEG written as a list of pieces (copy a range of the source / emit new bytes), the way
/// `MovieLayout` writes movies: the EXIF APP1 can carry a new identifier, the XMP APP1
/// segments can be replaced, the image is copied up to `imageEnd`, then chosen ranges of the
/// source follow (a gain map). An MPF index is rewritten so its sizes and offsets point at
/// where the images now are. Every byte not named here is copied as it is.
public struct JPEGRewrite {
    public enum Piece {
        case copy(offset: UInt64, length: UInt64)
        case bytes([UInt8])

        var length: UInt64 {
            switch self { case .copy(_, let n): return n; case .bytes(let b): return UInt64(b.count) }
        }
    }

    /// Write this identifier into the Apple MakerNote (tag 17); nil leaves EXIF alone.
    public var identifier: String?
    public var replaceForeignMakerNote = false
    /// Payloads (signature included) of the XMP APP1 segments that replace the source's
    /// standard XMP (the first one) and, when there are more, its extended XMP too; nil keeps them.
    public var xmpSegments: [[UInt8]]?
    /// Where the source's image ends (just past EOI, or further to keep bytes after it).
    public var imageEnd: UInt64
    /// Source ranges written after the image, in order (e.g. a gain map).
    public var trailing: [(offset: UInt64, length: UInt64)] = []
    /// Where the primary image ends in the source (its EOI), when `imageEnd` keeps bytes after
    /// it: MPF's first entry gives the primary's length.
    public var primaryEnd: UInt64? = nil
    /// The standard XMP segment `xmpSegments` replaces when the source has several packets (a
    /// Xiaomi file's second one): the others are kept. Nil: every standard packet is replaced.
    public var replacedXMPSegmentOffset: UInt64? = nil
    /// A new payload for the source's EXIF APP1 (`OplusUserComment`), when `identifier` is nil;
    /// nil keeps the EXIF.
    public var exifPayload: [UInt8]? = nil

    public init(imageEnd: UInt64) { self.imageEnd = imageEnd }

    /// The pieces of the output, and the output length of the primary image (what MPF calls image 1).
    public func pieces(source: FileSource, structure: JPEGStructure) throws -> (pieces: [Piece], imageLength: UInt64) {
        let header = structure.segments.dropLast()   // the segments before SOS
        let exif = structure.exifSegment
        // New extended XMP replaces the old; otherwise the old extended segments stay, named by
        // the `xmpNote:HasExtendedXMP` the new standard packet keeps.
        let replacesExtended = (xmpSegments?.count ?? 0) > 1
        let replaced = { (s: JPEGSegment) in replacedXMPSegmentOffset.map { s.offset == $0 } ?? true }
        let isXMP = { (s: JPEGSegment) in
            s.isAPP(1) && ((s.payloadPrefix.starts(with: XMPPacket.standardSignature) && replaced(s)) || (replacesExtended && s.payloadPrefix.starts(with: XMPPacket.extendedSignature)))
        }
        let mpf = header.first { $0.isAPP(2) && $0.payloadPrefix.starts(with: MPFIndex.signature) }

        let newExif = try identifier.map {
            try JPEGExifEdit(source: source, structure: structure, identifier: $0, replaceForeignMakerNote: replaceForeignMakerNote).segment
        } ?? exifPayload.map { JPEGRewrite.segment(JPEGMarker.app1, $0) }
        let xmpBytes = (xmpSegments ?? []).flatMap { JPEGRewrite.segment(JPEGMarker.app1, $0) }
        let firstXMP = header.first(where: isXMP)

        // Where new segments go when the source has none to replace: after EXIF, else after the leading APP0s.
        let afterAPP0 = JPEGExifEdit.afterLeadingAPP0(structure)

        var pieces: [Piece] = []
        var cursor: UInt64 = 0
        var mpfPiece: Int? = nil
        func copy(to end: UInt64) { if end > cursor { pieces.append(.copy(offset: cursor, length: end - cursor)) }; cursor = max(cursor, end) }

        var pendingExif = newExif != nil && exif == nil
        var pendingXMP = xmpSegments != nil && firstXMP == nil
        if pendingExif || pendingXMP {
            copy(to: afterAPP0)
            if pendingExif, let newExif { pieces.append(.bytes(newExif)); pendingExif = false }
            if pendingXMP && exif == nil { pieces.append(.bytes(xmpBytes)); pendingXMP = false }
        }
        for s in header {
            if s == exif, let newExif {
                copy(to: s.offset)
                pieces.append(.bytes(newExif))
                cursor = s.endOffset
                if pendingXMP { pieces.append(.bytes(xmpBytes)); pendingXMP = false }
            } else if s == exif, pendingXMP {
                copy(to: s.endOffset)
                pieces.append(.bytes(xmpBytes)); pendingXMP = false
            } else if xmpSegments != nil, isXMP(s) {
                copy(to: s.offset)
                if s == firstXMP { pieces.append(.bytes(xmpBytes)) }
                cursor = s.endOffset
            } else if s == mpf {
                copy(to: s.offset)
                mpfPiece = pieces.count
                pieces.append(.copy(offset: s.offset, length: UInt64(s.totalLength)))
                cursor = s.endOffset
            }
        }
        guard imageEnd >= structure.scanStart, imageEnd <= source.size else {
            throw ParseError(.invalidValue, "image end \(imageEnd) outside the file", path: "JPEG", offset: imageEnd)
        }
        copy(to: imageEnd)
        let imageLength = pieces.reduce(UInt64(0)) { $0 + $1.length }
        // Every edit lies before SOS, so the image data and whatever follows it up to `imageEnd` moved by one amount.
        let shift = Int64(imageLength) - Int64(imageEnd)
        let primaryLength = UInt64(Int64(min(primaryEnd ?? imageEnd, imageEnd)) + shift)
        var trailingStarts: [UInt64] = []
        var position = imageLength
        for t in trailing {
            guard t.offset <= source.size, t.length <= source.size - t.offset else {
                throw ParseError(.truncated, "a range of \(t.length) bytes at \(t.offset) runs past the end of the file", path: "JPEG", offset: t.offset)
            }
            trailingStarts.append(position)
            pieces.append(.copy(offset: t.offset, length: t.length))
            position += t.length
        }

        if let mpf, let i = mpfPiece {
            let newBase = pieces[..<i].reduce(UInt64(0)) { $0 + $1.length } + 8
            pieces[i] = .bytes(try patchedMPF(mpf, source: source, structure: structure, newBase: newBase, primaryLength: primaryLength,
                                              shift: shift, trailingStarts: trailingStarts))
        }
        return (pieces, primaryLength)
    }

    /// The MPF segment with its sizes and offsets pointing at where the images now are: the
    /// primary's new length, the images inside it moved by `shift`, those in `trailing` at
    /// their new starts. `newBase` is where the MPF offsets count from in the output.
    private func patchedMPF(_ mpf: JPEGSegment, source: FileSource, structure: JPEGStructure, newBase: UInt64, primaryLength: UInt64,
                            shift: Int64, trailingStarts: [UInt64]) throws -> [UInt8] {
        let payload = try source.read(at: mpf.payloadOffset, count: mpf.payloadLength, path: "APP2/MPF")
        let oldBase = mpf.payloadOffset + 4
        let patched = try MPFIndex.rewrite(payload, payloadOffset: mpf.payloadOffset) { k, entry in
            if k == 0 { return MPFIndex.Entry(size: UInt32(clamping: primaryLength), offset: entry.offset) }
            let old = oldBase + UInt64(entry.offset)
            var new: UInt64? = nil
            if old >= structure.scanStart && old < imageEnd { new = UInt64(Int64(old) + shift) }
            for (j, t) in trailing.enumerated() where old >= t.offset && old < t.offset + t.length {
                new = trailingStarts[j] + (old - t.offset)
            }
            guard let new, new >= newBase else { return entry }
            return MPFIndex.Entry(size: entry.size, offset: UInt32(clamping: new - newBase))
        }
        return JPEGRewrite.segment(0xE2, patched)
    }

    /// Writes the pieces into `writer` (not synced, not committed); returns the bytes written.
    @discardableResult
    public func write(source: FileSource, structure: JPEGStructure, to writer: AtomicFileWriter) throws -> UInt64 {
        let (pieces, _) = try pieces(source: source, structure: structure)
        var total: UInt64 = 0
        for p in pieces {
            switch p {
            case .copy(let offset, let length): try writer.copy(from: source, offset: offset, count: length)
            case .bytes(let b): try writer.write(b)
            }
            total += p.length
        }
        return total
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: payload.count + 4)
        w.u8(0xFF); w.u8(marker); w.u16(UInt16(payload.count + 2)); w.append(payload)
        return w.bytes
    }

    /// The largest payload one APPn segment can hold.
    public static let maximumSegmentPayload = 65533
}
