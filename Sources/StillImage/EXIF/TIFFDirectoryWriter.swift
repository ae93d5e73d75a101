import BinaryIO

/// Writes a big-endian TIFF structure for an EXIF APP1 payload: IFD0 and, when they have
/// entries, the Exif and GPS IFDs, each with its entries sorted by tag (TIFF requires it) and
/// values over four bytes in a data area after the IFD.
struct TIFFDirectoryWriter {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// Value bytes, big-endian; `count * elementSize(type)` long.
        var value: [UInt8]

        static func ascii(_ tag: UInt16, _ text: String) -> Entry {
            let bytes = Array(text.utf8.filter { $0 >= 0x20 && $0 < 0x7F }) + [0]
            return Entry(tag: tag, type: TIFFType.ascii, count: UInt32(bytes.count), value: bytes)
        }
        static func short(_ tag: UInt16, _ v: UInt16) -> Entry {
            Entry(tag: tag, type: TIFFType.short, count: 1, value: [UInt8(v >> 8), UInt8(v & 0xFF)])
        }
        static func long(_ tag: UInt16, _ v: UInt32) -> Entry {
            var w = ByteWriter(capacity: 4); w.u32(v)
            return Entry(tag: tag, type: TIFFType.long, count: 1, value: w.bytes)
        }
        static func undefined(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
            Entry(tag: tag, type: TIFFType.undefined, count: UInt32(bytes.count), value: bytes)
        }
        static func bytes(_ tag: UInt16, _ bytes: [UInt8]) -> Entry {
            Entry(tag: tag, type: TIFFType.byte, count: UInt32(bytes.count), value: bytes)
        }
        /// RATIONAL (type 5): unsigned numerator/denominator pairs.
        static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
            var w = ByteWriter(capacity: 8 * values.count)
            for (n, d) in values { w.u32(n); w.u32(d) }
            return Entry(tag: tag, type: 5, count: UInt32(values.count), value: w.bytes)
        }
    }

    var ifd0: [Entry] = []
    var exif: [Entry] = []
    var gps: [Entry] = []

    /// The APP1 payload: "Exif\0\0", then the TIFF header and IFD0, Exif IFD, GPS IFD.
    func payload() -> [UInt8] {
        var first = ifd0.filter { $0.tag != ExifTIFF.exifIFDPointer && $0.tag != ExifTIFF.gpsIFDPointer }
        // Pointers are placeholders here; their values are patched once the layout is known.
        if !exif.isEmpty { first.append(.long(ExifTIFF.exifIFDPointer, 0)) }
        if !gps.isEmpty { first.append(.long(ExifTIFF.gpsIFDPointer, 0)) }
        let directories = [first, exif, gps].filter { !$0.isEmpty }.map { $0.sorted { $0.tag < $1.tag } }

        // Layout: header (8), then each IFD followed by its data area (word-aligned).
        var offsets: [Int] = []
        var at = 8
        for d in directories {
            offsets.append(at)
            at += 2 + 12 * d.count + 4
            for e in d where e.value.count > 4 { at += e.value.count + (e.value.count & 1) }
        }
        var pointers: [UInt16: UInt32] = [:]
        if !exif.isEmpty { pointers[ExifTIFF.exifIFDPointer] = UInt32(offsets[1]) }
        if !gps.isEmpty { pointers[ExifTIFF.gpsIFDPointer] = UInt32(offsets[exif.isEmpty ? 1 : 2]) }

        var w = ByteWriter(capacity: 6 + at)
        w.append(JPEGSegment.exifHeader)
        w.append([0x4D, 0x4D]); w.u16(42); w.u32(8)
        for (i, d) in directories.enumerated() {
            var data = offsets[i] + 2 + 12 * d.count + 4
            var area: [UInt8] = []
            w.u16(UInt16(d.count))
            for e in d {
                w.u16(e.tag); w.u16(e.type); w.u32(e.count)
                if let pointer = pointers[e.tag], i == 0 {
                    w.u32(pointer)
                } else if e.value.count <= 4 {
                    w.append(e.value + [UInt8](repeating: 0, count: 4 - e.value.count))
                } else {
                    w.u32(UInt32(data))
                    area += e.value
                    if e.value.count & 1 == 1 { area.append(0) }
                    data += e.value.count + (e.value.count & 1)
                }
            }
            w.u32(0)   // no next IFD (no thumbnail)
            w.append(area)
        }
        return w.bytes
    }
}
