import BinaryIO

/// Our own bounds-checked index of the TIFF structure of EXIF data (in a JPEG APP1 or a HEIF
/// `Exif` item): where each IFD lies, which entries it holds and where their values are. It
/// reads every entry whatever its type: one whose type has no known size is indexed as such
/// (its bytes are carried, never a reason to refuse). Pairing uses it to find the MakerNote,
/// to patch the block (`ExifMakerNotePatch`) and to check the patched block.
struct ExifTIFF {
    enum Directory: String, CaseIterable {
        case ifd0 = "IFD0", exif = "ExifIFD", gps = "GPS", interop = "InteropIFD", ifd1 = "IFD1"

        /// Hashed by case, not by its name's text (the default for a raw-value enum): every
        /// still a scan reads looks its directories up.
        func hash(into hasher: inout Hasher) {
            switch self {
            case .ifd0: hasher.combine(0)
            case .exif: hasher.combine(1)
            case .gps: hasher.combine(2)
            case .interop: hasher.combine(3)
            case .ifd1: hasher.combine(4)
            }
        }
    }

    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        /// Offset of the 12-byte entry within the TIFF data.
        let entryOffset: Int
        /// Where the value bytes are within the TIFF data.
        let value: Value
    }

    enum Value: Equatable {
        case bytes(Range<Int>)
        /// A type whose element size is unknown, so the value cannot be found.
        case unknownType
        /// The value would lie (partly) outside the TIFF data.
        case outOfBounds
    }

    static let exifIFDPointer: UInt16 = 0x8769
    static let gpsIFDPointer: UInt16 = 0x8825
    static let interopIFDPointer: UInt16 = 0xA005
    static let thumbnailOffsetTag: UInt16 = 0x0201
    static let thumbnailLengthTag: UInt16 = 0x0202
    static let makerNoteTag: UInt16 = 0x927C

    /// The TIFF data (in a JPEG: the APP1 payload after "Exif\0\0").
    let tiff: [UInt8]
    let littleEndian: Bool
    /// Absolute file offset of `tiff[0]`.
    let baseOffset: UInt64
    let path: String
    private(set) var directories: [Directory: [Entry]] = [:]
    /// Where each readable IFD lies: its entry count, entries and next-IFD offset (when present).
    private(set) var directoryRanges: [Directory: Range<Int>] = [:]
    /// Sub-IFDs (GPS, Interop, IFD1) whose pointer leads nowhere readable; IFD0 and the Exif
    /// IFD too when read for `.reading` (for `.editing` they must be readable or parsing throws).
    private(set) var damaged: [Directory: ParseError] = [:]

    /// "Exif\0\0" before the TIFF header.
    static let exifHeaderLength = 6

    /// What the EXIF is read for. A reader passes over a damaged IFD0 or Exif IFD (recorded in
    /// `damaged`, reported as a warning) and reads what it can; an editor rewrites those two
    /// directories, so for it they must read or parsing throws.
    enum Purpose {
        case reading, editing
    }

    /// Reads an EXIF APP1 payload: "Exif\0\0", then TIFF.
    /// - Parameters:
    ///   - payload: the APP1 payload, starting with "Exif\0\0".
    ///   - payloadOffset: its absolute file offset.
    init(payload: [UInt8], payloadOffset: UInt64 = 0, path: String = "APP1/Exif", purpose: Purpose = .editing) throws {
        guard payload.starts(with: JPEGSegment.exifHeader) else {
            throw ParseError(.invalidValue, "EXIF payload does not start with \"Exif\\0\\0\"", path: path, offset: payloadOffset)
        }
        try self.init(tiff: Array(payload.dropFirst(ExifTIFF.exifHeaderLength)), tiffOffset: payloadOffset + UInt64(ExifTIFF.exifHeaderLength),
                      path: path, purpose: purpose)
    }

    /// Reads TIFF-structured EXIF wherever it is stored (a JPEG APP1 after "Exif\0\0", a HEIF
    /// `Exif` item after its header offset).
    /// - Parameters:
    ///   - tiff: the bytes from the TIFF header ("II"/"MM", 42) to the end of the EXIF data.
    ///   - tiffOffset: the absolute file offset of `tiff[0]`, for errors.
    ///   - path: the error path prefix ("APP1/Exif", "meta/item[12]/Exif").
    init(tiff: [UInt8], tiffOffset: UInt64, path: String, purpose: Purpose = .editing) throws {
        self.tiff = tiff
        self.baseOffset = tiffOffset
        self.path = path
        let header: (littleEndian: Bool, ifd0Offset: UInt32)
        do {
            header = try Self.readHeader(tiff, baseOffset: tiffOffset, path: path)
        } catch let error as ParseError where purpose == .reading {
            littleEndian = true
            damaged[.ifd0] = error
            return
        }
        littleEndian = header.littleEndian
        var visited: Set<Int> = []
        let ifd0: (entries: [Entry], next: UInt32)
        do {
            ifd0 = try readIFD(at: header.ifd0Offset, .ifd0, visited: &visited)
        } catch let error as ParseError where purpose == .reading {
            damaged[.ifd0] = error
            return
        }
        if let pointer = ifd0.entries.first(where: { $0.tag == ExifTIFF.exifIFDPointer }) {
            switch purpose {
            case .reading: readOptionalIFD(pointer: pointer, from: .ifd0, .exif, visited: &visited)
            case .editing: _ = try readIFD(at: pointerValue(pointer, .ifd0), .exif, visited: &visited)
            }
            if let interop = directories[.exif]?.first(where: { $0.tag == ExifTIFF.interopIFDPointer }) {
                readOptionalIFD(pointer: interop, from: .exif, .interop, visited: &visited)
            }
        }
        if let gps = ifd0.entries.first(where: { $0.tag == ExifTIFF.gpsIFDPointer }) {
            readOptionalIFD(pointer: gps, from: .ifd0, .gps, visited: &visited)
        }
        if ifd0.next != 0 {
            do {
                _ = try readIFD(at: ifd0.next, .ifd1, visited: &visited)
            } catch let e as ParseError {
                damaged[.ifd1] = e
            }
        }
    }

    /// The byte order and IFD0's offset.
    private static func readHeader(_ tiff: [UInt8], baseOffset: UInt64, path: String) throws -> (littleEndian: Bool, ifd0Offset: UInt32) {
        var r = ByteReader(tiff, baseOffset: baseOffset, path: path)
        let order = try r.readBytes(2)
        switch order {
        case [0x49, 0x49]: r.littleEndian = true
        case [0x4D, 0x4D]: r.littleEndian = false
        default: throw ParseError(.invalidValue, "TIFF byte order is neither II nor MM", path: path, offset: baseOffset)
        }
        guard try r.readUInt16() == 42 else {
            throw ParseError(.invalidValue, "TIFF header magic is not 42", path: path, offset: baseOffset + 2)
        }
        return (r.littleEndian, try r.readUInt32())
    }

    private mutating func readOptionalIFD(pointer: Entry, from parent: Directory, _ dir: Directory, visited: inout Set<Int>) {
        do {
            _ = try readIFD(at: try pointerValue(pointer, parent), dir, visited: &visited)
        } catch let e as ParseError {
            damaged[dir] = e
        } catch {
            damaged[dir] = ParseError(.invalidValue, "\(error)", path: path + "/" + dir.rawValue)
        }
    }

    /// The IFD offset held by a pointer tag (one LONG, or IFD type 13).
    private func pointerValue(_ entry: Entry, _ dir: Directory) throws -> UInt32 {
        guard entry.count == 1, entry.type == TIFFType.long || entry.type == TIFFType.ifd, case .bytes(let range) = entry.value else {
            throw ParseError(.invalidValue, "IFD pointer tag 0x\(hex(entry.tag)) is not one LONG", path: path + "/" + dir.rawValue, offset: baseOffset + UInt64(entry.entryOffset))
        }
        return readUInt32(at: range.lowerBound)
    }

    /// Reads one IFD and records it (entries and range) under `dir`.
    private mutating func readIFD(at offset: UInt32, _ dir: Directory, visited: inout Set<Int>) throws -> (entries: [Entry], next: UInt32) {
        let dirPath = path + "/" + dir.rawValue
        let start = Int(offset)
        guard start < tiff.count else {
            throw ParseError(.truncated, "\(dir.rawValue) offset \(offset) is past the end of the EXIF data (\(tiff.count) bytes)", path: dirPath, offset: baseOffset)
        }
        guard visited.insert(start).inserted else {
            throw ParseError(.invalidValue, "\(dir.rawValue) points at an IFD already read (a loop)", path: dirPath, offset: baseOffset + UInt64(start))
        }
        var r = ByteReader(tiff, range: start..<tiff.count, baseOffset: baseOffset, path: dirPath)
        r.littleEndian = littleEndian
        let entries = try TIFFRawEntry.readDirectory(&r, named: "IFD").map {
            Entry(tag: $0.tag, type: $0.type, count: $0.count, entryOffset: $0.entryOffset,
                  value: locateValue(type: $0.type, count: $0.count, field: $0.field, entryOffset: $0.entryOffset))
        }
        // The next-IFD offset is optional at the very end of the data (some writers omit it).
        let next: UInt32 = r.remaining >= 4 ? try r.readUInt32() : 0
        directories[dir] = entries
        directoryRanges[dir] = start..<r.position
        return (entries, next)
    }

    private func locateValue(type: UInt16, count: UInt32, field: UInt32, entryOffset: Int) -> Value {
        guard let size = TIFFType.elementSize(type) else { return .unknownType }
        let total = UInt64(size) * UInt64(count)
        if total <= 4 { return .bytes(entryOffset + 8 ..< entryOffset + 8 + Int(total)) }
        guard UInt64(field) + total <= UInt64(tiff.count) else { return .outOfBounds }
        return .bytes(Int(field) ..< Int(field) + Int(total))
    }

    func readUInt32(at i: Int) -> UInt32 {
        let big = UInt32(tiff[i]) << 24 | UInt32(tiff[i + 1]) << 16 | UInt32(tiff[i + 2]) << 8 | UInt32(tiff[i + 3])
        return littleEndian ? big.byteSwapped : big
    }

    func entry(_ tag: UInt16, in dir: Directory) -> Entry? {
        directories[dir]?.first { $0.tag == tag }
    }

    /// The entry's 4-byte value-or-offset field, as stored.
    func field(_ entry: Entry) -> ArraySlice<UInt8> { tiff[entry.entryOffset + 8 ..< entry.entryOffset + 12] }

    func valueBytes(_ entry: Entry) -> ArraySlice<UInt8>? {
        if case .bytes(let range) = entry.value { return tiff[range] }
        return nil
    }

    /// The MakerNote entry of the Exif IFD.
    var makerNoteEntry: Entry? { entry(ExifTIFF.makerNoteTag, in: .exif) }

    /// IFD0 Make and Model, trimmed; read here rather than through libexif, which loads at
    /// most 64 KB (a HEIF Exif item may be larger).
    var make: String? { ascii(0x010F, in: .ifd0) }
    var model: String? { ascii(0x0110, in: .ifd0) }

    /// IFD0 Orientation: the first SHORT of the entry (1...8 in valid files). The value holds
    /// the entry's count of SHORTs: two bytes or more is a count of one or more.
    var orientation: Int? {
        guard let e = entry(0x0112, in: .ifd0), e.type == TIFFType.short, let bytes = valueBytes(e), bytes.count >= 2 else { return nil }
        let a = Int(bytes[bytes.startIndex]), b = Int(bytes[bytes.startIndex + 1])
        return littleEndian ? b << 8 | a : a << 8 | b
    }

    /// The MakerNote value bytes, their range within an APP1-style payload ("Exif\0\0" + this
    /// TIFF, what libexif loads) and their file offset. Throws when the entry exists but its
    /// value lies outside the EXIF data.
    func makerNote() throws -> (bytes: [UInt8], payloadRange: Range<Int>, fileOffset: UInt64)? {
        guard let e = makerNoteEntry else { return nil }
        guard case .bytes(let range) = e.value else {
            throw ParseError(.invalidValue, "MakerNote (\(e.count) elements of type \(e.type)) does not lie within the EXIF data",
                             path: path + "/MakerNote", offset: baseOffset + UInt64(e.entryOffset))
        }
        let shifted = range.lowerBound + ExifTIFF.exifHeaderLength ..< range.upperBound + ExifTIFF.exifHeaderLength
        return (Array(tiff[range]), shifted, baseOffset + UInt64(range.lowerBound))
    }

    /// The JPEG thumbnail bytes IFD1 points at, when both tags are present and in range.
    var thumbnail: ArraySlice<UInt8>? {
        guard let o = entry(ExifTIFF.thumbnailOffsetTag, in: .ifd1), let l = entry(ExifTIFF.thumbnailLengthTag, in: .ifd1),
              let offset = scalarLong(o), let length = scalarLong(l), length > 0,
              UInt64(offset) + UInt64(length) <= UInt64(tiff.count) else { return nil }
        return tiff[Int(offset)..<Int(offset) + Int(length)]
    }

    /// One SHORT or LONG as an integer.
    func scalarLong(_ entry: Entry) -> UInt32? {
        guard entry.count == 1, case .bytes(let r) = entry.value else { return nil }
        switch entry.type {
        case TIFFType.long: return readUInt32(at: r.lowerBound)
        case TIFFType.short:
            let a = UInt32(tiff[r.lowerBound]), b = UInt32(tiff[r.lowerBound + 1])
            return littleEndian ? (b << 8 | a) : (a << 8 | b)
        default: return nil
        }
    }

    /// An ASCII value up to its first NUL, trimmed of spaces.
    func ascii(_ tag: UInt16, in dir: Directory) -> String? {
        guard let e = entry(tag, in: dir), let bytes = valueBytes(e) else { return nil }
        return ExifTIFF.trimmedASCII(bytes)
    }

    static func trimmedASCII<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            .trimmingSpaces()
        return text.isEmpty ? nil : text
    }
}
