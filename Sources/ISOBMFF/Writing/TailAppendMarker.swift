import BinaryIO

/// The box every in-place tail append of ours (a movie's new `moov`, a HEIC's new Exif `mdat`)
/// starts with: a `free` box (every reader skips it; exiftool lists it only as unknown) that
/// names the tool and records the file's length before the append, which is the marker's own
/// offset. Only bytes behind such a marker are ever cut by a later run, and only back to that
/// length: anything else after the last box is someone's trailer, kept.
///
/// Layout (big-endian): size 40, `free`, "livephoto-append", the original length, and the
/// offset of a last box whose size field was 0 before the append (all ones: none), so that
/// undoing the append puts that 0 back and the file is byte for byte its original again.
public struct TailAppendMarker: Equatable, Sendable {
    public static let size = 40
    static let type: FourCC = "free"
    static let magic = Array("livephoto-append".utf8)
    static let noBox = UInt64.max

    /// The file's length before the append: where this marker starts.
    public let originalLength: UInt64
    /// The header offset of the last box whose size field was 0 before the append.
    public let sizeZeroBoxOffset: UInt64?

    public init(originalLength: UInt64, sizeZeroBoxOffset: UInt64? = nil) {
        self.originalLength = originalLength
        self.sizeZeroBoxOffset = sizeZeroBoxOffset
    }

    public var bytes: [UInt8] {
        var w = ByteWriter(capacity: Self.size)
        BoxHeader.write(type: Self.type, size: UInt64(Self.size), into: &w); w.append(Self.magic)
        w.u64(originalLength); w.u64(sizeZeroBoxOffset ?? Self.noBox)
        return w.bytes
    }

    /// The marker in `bytes` (a complete box read at `offset`), or nil when they are not one of
    /// ours written there.
    static func parse(_ bytes: [UInt8], at offset: UInt64) -> TailAppendMarker? {
        guard bytes.count == size else { return nil }
        var r = ByteReader(bytes)
        guard (try? r.readUInt32()) == UInt32(size), (try? r.readFourCC()) == type,
              (try? r.readBytes(magic.count)) == magic,
              let length = try? r.readUInt64(), length == offset, let zero = try? r.readUInt64() else { return nil }
        return TailAppendMarker(originalLength: length, sizeZeroBoxOffset: zero == noBox ? nil : zero)
    }

    /// Whether `tail`, the last bytes of a file starting at `offset`, is the start of the marker
    /// we would write there, cut short. Fewer than 4 bytes (all zero but for the last) cannot
    /// be told from someone's padding, so they are never taken for ours.
    static func isTornStart(_ tail: [UInt8], at offset: UInt64, sizeZeroBoxOffset: UInt64? = nil) -> Bool {
        guard tail.count >= 4, tail.count < size else { return false }
        let expected = TailAppendMarker(originalLength: offset, sizeZeroBoxOffset: sizeZeroBoxOffset).bytes
        return tail.elementsEqual(expected.prefix(tail.count))
    }

    static func isHeader(_ box: BoxHeader) -> Bool { box.type == type && box.size == UInt64(size) && box.headerSize == 8 }
}
