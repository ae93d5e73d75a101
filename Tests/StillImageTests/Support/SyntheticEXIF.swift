/// Builds EXIF APP1 payloads ("Exif\0\0" + TIFF) in either byte order, with IFD0, Exif, GPS and
/// IFD1 (+ thumbnail) directories; IFD pointers and the thumbnail tags are added automatically.
struct SyntheticEXIF {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// Value bytes already in the file's byte order.
        var value: [UInt8]
        /// Written as the 4-byte value field as is (for hostile entries), instead of placing `value`.
        var rawField: [UInt8]? = nil
    }

    var littleEndian = false
    var ifd0: [Entry] = []
    var exif: [Entry]? = nil
    var gps: [Entry]? = nil
    var ifd1: [Entry]? = nil
    var thumbnail: [UInt8]? = nil

    func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
    func u32(_ v: UInt32) -> [UInt8] {
        let be: [UInt8] = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return littleEndian ? be.reversed() : be
    }

    func ascii(_ tag: UInt16, _ s: String) -> Entry {
        let v = Array(s.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(v.count), value: v)
    }
    func short(_ tag: UInt16, _ v: UInt16) -> Entry { Entry(tag: tag, type: 3, count: 1, value: u16(v)) }
    func long(_ tag: UInt16, _ v: UInt32) -> Entry { Entry(tag: tag, type: 4, count: 1, value: u32(v)) }
    func rational(_ tag: UInt16, _ n: UInt32, _ d: UInt32) -> Entry { Entry(tag: tag, type: 5, count: 1, value: u32(n) + u32(d)) }
    func undefined(_ tag: UInt16, _ bytes: [UInt8]) -> Entry { Entry(tag: tag, type: 7, count: UInt32(bytes.count), value: bytes) }

    var payload: [UInt8] {
        // Directories in layout order, with their automatic pointer entries.
        var dirs: [[Entry]] = []
        var ifd0 = self.ifd0
        let exifIndex = exif != nil ? 1 : nil
        let gpsIndex = gps != nil ? (exif != nil ? 2 : 1) : nil
        if exif != nil { ifd0.append(Entry(tag: 0x8769, type: 4, count: 1, value: [])) }
        if gps != nil { ifd0.append(Entry(tag: 0x8825, type: 4, count: 1, value: [])) }
        dirs.append(ifd0)
        if let exif { dirs.append(exif) }
        if let gps { dirs.append(gps) }
        var ifd1 = self.ifd1
        if thumbnail != nil, ifd1 == nil { ifd1 = [] }
        if var d = ifd1 {
            if let t = thumbnail {
                d.append(Entry(tag: 0x0201, type: 4, count: 1, value: []))
                d.append(long(0x0202, UInt32(t.count)))
            }
            dirs.append(d)
        }
        let ifd1Index = ifd1 != nil ? dirs.count - 1 : nil
        var offsets: [Int] = []
        var position = 8
        for d in dirs { offsets.append(position); position += 2 + 12 * d.count + 4 }
        var data: [UInt8] = []
        let dataStart = position
        var thumbnailOffset = 0
        if let t = thumbnail { thumbnailOffset = dataStart; data += t; if data.count % 2 == 1 { data.append(0) } }

        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        for (i, d) in dirs.enumerated() {
            tiff += u16(UInt16(d.count))
            for e in d.sorted(by: { $0.tag < $1.tag }) {
                tiff += u16(e.tag) + u16(e.type) + u32(e.count)
                if let raw = e.rawField { tiff += raw; continue }
                switch (i, e.tag) {
                case (0, 0x8769) where exifIndex != nil: tiff += u32(UInt32(offsets[exifIndex!]))
                case (0, 0x8825) where gpsIndex != nil: tiff += u32(UInt32(offsets[gpsIndex!]))
                case (_, 0x0201) where i == ifd1Index && thumbnail != nil: tiff += u32(UInt32(thumbnailOffset))
                default:
                    if e.value.count <= 4 {
                        tiff += e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
                    } else {
                        tiff += u32(UInt32(dataStart + data.count))
                        data += e.value
                        if data.count % 2 == 1 { data.append(0) }
                    }
                }
            }
            let next = (i == 0 && ifd1Index != nil) ? UInt32(offsets[ifd1Index!]) : 0
            tiff += u32(next)
        }
        return Array("Exif".utf8) + [0, 0] + tiff + data
    }
}
