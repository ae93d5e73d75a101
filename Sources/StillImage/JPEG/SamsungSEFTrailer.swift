import BinaryIO

/// Samsung's SEF trailer after a JPEG's EOI: records (`u16 0, u16 type, u32 name length, name,
/// data`, little-endian), then the `SEFH` directory (version, count, and per record its type,
/// its offset back from `SEFH` and its length), the directory's size and `SEFT` as the last
/// four bytes. The `MotionPhoto_Data` record (type 0x0A30) holds a whole MP4. The layout is the
/// one exiftool's Samsung module reads.
public struct SamsungSEFTrailer: Equatable, Sendable {
    public struct Record: Equatable, Sendable {
        public var type: UInt16
        public var name: String
        /// The record's first byte (its header) in the file.
        public var offset: UInt64
        /// Header, name and data.
        public var length: UInt64
        public var dataOffset: UInt64
        public var dataLength: UInt64
    }

    public static let motionPhotoDataType: UInt16 = 0x0A30
    public static let motionPhotoDataName = "MotionPhoto_Data"
    /// The directory version Samsung phones write.
    public static let version: UInt32 = 107
    static let maximumDirectorySize: UInt64 = 1 << 20

    public var records: [Record]
    /// Where the trailer starts (its first record), and where `SEFH` starts.
    public var start: UInt64
    public var directoryOffset: UInt64

    public var motionPhotoData: Record? { records.first { $0.type == SamsungSEFTrailer.motionPhotoDataType } }

    /// Reads the trailer at the end of `source`; nil when the file does not end with `SEFT`.
    public static func read(_ source: FileSource) throws -> SamsungSEFTrailer? {
        guard source.size >= 8 else { return nil }
        let footer = try source.read(at: source.size - 8, count: 8, path: "SEFT")
        guard JPEGTrailerKind.samsungSEF.ends(footer) else { return nil }
        var f = ByteReader(footer, baseOffset: source.size - 8, path: "SEFT")
        f.littleEndian = true
        let size = UInt64(try f.readUInt32())
        guard size >= 12, size <= maximumDirectorySize, size <= source.size - 8 else {
            throw ParseError(.invalidValue, "SEF directory size \(size) does not fit the file", path: "SEFT", offset: source.size - 8)
        }
        let directoryOffset = source.size - 8 - size
        var r = ByteReader(try source.read(at: directoryOffset, count: Int(size), path: "SEFH"), baseOffset: directoryOffset, path: "SEFH")
        r.littleEndian = true
        guard try r.readBytes(4) == Array("SEFH".utf8) else {
            throw ParseError(.invalidValue, "the SEF directory does not start with SEFH", path: "SEFH", offset: directoryOffset)
        }
        _ = try r.readUInt32()
        let count = try r.readUInt32()
        guard UInt64(count) * 12 <= UInt64(r.remaining) else {
            throw ParseError(.truncated, "SEF directory of \(count) records needs \(UInt64(count) * 12) bytes, \(r.remaining) left", path: "SEFH", offset: directoryOffset + 8)
        }
        var records: [Record] = []
        for i in 0..<Int(count) {
            _ = try r.readUInt16()
            let type = try r.readUInt16()
            let back = UInt64(try r.readUInt32())
            let length = UInt64(try r.readUInt32())
            let path = "SEFH/record[\(i + 1)]"
            guard back <= directoryOffset, length >= 8, length <= back else {
                throw ParseError(.invalidValue, "SEF record \(i + 1) (\(length) bytes, \(back) back from SEFH) lies outside the file", path: path, offset: directoryOffset)
            }
            let offset = directoryOffset - back
            var h = ByteReader(try source.read(at: offset, count: 8, path: path), baseOffset: offset, path: path)
            h.littleEndian = true
            _ = try h.readUInt16()
            _ = try h.readUInt16()
            let nameLength = UInt64(try h.readUInt32())
            guard nameLength <= 256, 8 + nameLength <= length else {
                throw ParseError(.invalidValue, "SEF record name of \(nameLength) bytes does not fit its record", path: path, offset: offset + 4)
            }
            let nameBytes = try source.read(at: offset + 8, count: Int(nameLength), path: path)
            let name = String(decoding: nameBytes.filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
            records.append(Record(type: type, name: name, offset: offset, length: length, dataOffset: offset + 8 + nameLength, dataLength: length - 8 - nameLength))
        }
        let start = records.map(\.offset).min() ?? directoryOffset
        return SamsungSEFTrailer(records: records, start: start, directoryOffset: directoryOffset)
    }

    // MARK: writing

    /// The header of a record whose data follows it.
    public static func recordHeader(type: UInt16, name: String) -> [UInt8] {
        var w = LittleEndianWriter()
        w.u16(0); w.u16(type); w.u32(UInt32(name.utf8.count))
        return w.bytes + Array(name.utf8)
    }

    /// The `SEFH` directory and the footer for records given by type, offset back from where
    /// the directory will start, and length.
    public static func directoryAndFooter(records: [(type: UInt16, back: UInt32, length: UInt32)]) -> [UInt8] {
        var w = LittleEndianWriter()
        w.bytes += Array("SEFH".utf8)
        w.u32(version); w.u32(UInt32(records.count))
        for r in records { w.u16(0); w.u16(r.type); w.u32(r.back); w.u32(r.length) }
        let size = UInt32(w.bytes.count)
        w.u32(size)
        w.bytes += Array("SEFT".utf8)
        return w.bytes
    }
}

private struct LittleEndianWriter {
    var bytes: [UInt8] = []
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: UInt32) { for s in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((v >> UInt32(s)) & 0xFF)) } }
}
