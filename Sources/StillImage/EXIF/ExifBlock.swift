import BinaryIO
import CExif
#if canImport(Glibc)
import Glibc
#endif

/// One EXIF APP1 payload loaded into libexif, which is what re-lays out the TIFF structure when
/// pairing. Options are set explicitly because libexif's defaults damage data: it drops unknown
/// tags (IGNORE_UNKNOWN_TAGS), adds or rewrites tags (FOLLOW_SPECIFICATION) and, on save,
/// replaces a MakerNote it recognised with its own serialization, which for Apple's is empty
/// (unless DONT_CHANGE_MAKER_NOTE).
///
/// The MakerNote is read by our own code (`ExifTIFF`, `AppleMakerNote`), so its bytes are
/// zeroed in the copy handed to libexif: libexif's vendor MakerNote parsers never see hostile
/// MakerNote data, and there is nothing for it to interpret and re-save.
public final class ExifBlock {
    private let data: UnsafeMutablePointer<ExifData>
    private let log: OpaquePointer?
    private let messages = LibexifMessages()
    public let littleEndian: Bool

    /// - Parameters:
    ///   - payload: the APP1 payload, starting with "Exif\0\0".
    ///   - makerNoteRange: where the MakerNote value lies in `payload`; zeroed before loading.
    public convenience init(payload: [UInt8], hidingMakerNoteAt makerNoteRange: Range<Int>?) throws {
        try self.init(payload: payload, hidingMakerNoteAt: makerNoteRange, libexifRewritesMakerNote: false)
    }

    /// `libexifRewritesMakerNote: true` leaves DONT_CHANGE_MAKER_NOTE unset: libexif's default,
    /// kept only so a test can show what that default does to an Apple MakerNote.
    init(payload: [UInt8], hidingMakerNoteAt makerNoteRange: Range<Int>?, libexifRewritesMakerNote: Bool) throws {
        guard payload.count >= 14, payload.count <= 0xFFFE else {
            throw ParseError(.invalidValue, "EXIF payload of \(payload.count) bytes", path: "APP1/Exif")
        }
        var bytes = payload
        if let range = makerNoteRange, range.lowerBound >= 0, range.upperBound <= bytes.count {
            bytes.replaceSubrange(range, with: repeatElement(0, count: range.count))
        }
        guard let data = exif_data_new() else { throw ParseError(.io, "libexif: out of memory") }
        self.data = data
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        if libexifRewritesMakerNote {
            exif_data_unset_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        } else {
            exif_data_set_option(data, EXIF_DATA_OPTION_DONT_CHANGE_MAKER_NOTE)
        }
        log = exif_log_new()
        if let log {
            exif_log_set_func(log, libexifLogCallback, Unmanaged.passUnretained(messages).toOpaque())
            exif_data_log(data, log)
        }
        bytes.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        littleEndian = exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_INTEL
        try throwIfOutOfMemory()
    }

    deinit {
        exif_data_unref(data)
        if let log { exif_log_unref(log) }
    }

    /// libexif's corrupt-data log messages from loading and saving (bounded in number).
    public var warnings: [String] { messages.corrupt }

    public var make: String? { ascii(EXIF_TAG_MAKE, EXIF_IFD_0) }
    public var model: String? { ascii(EXIF_TAG_MODEL, EXIF_IFD_0) }

    /// IFD0 Orientation (1...8 in valid files), when it is one SHORT.
    public var orientation: Int? {
        guard let e = entry(EXIF_TAG_ORIENTATION, EXIF_IFD_0), e.pointee.format == EXIF_FORMAT_SHORT,
              e.pointee.components >= 1, e.pointee.size >= 2, let p = e.pointee.data else { return nil }
        return Int(exif_get_short(p, exif_data_get_byte_order(data)))
    }

    /// Replaces (or adds) the Exif IFD MakerNote entry: tag 0x927C, UNDEFINED, `bytes`.
    public func setMakerNote(_ bytes: [UInt8]) throws {
        try setEntry(ExifTIFF.makerNoteTag, in: EXIF_IFD_EXIF, type: TIFFType.undefined, count: UInt32(bytes.count), value: bytes)
    }

    /// Adds a field to the Exif IFD (creating the IFD if libexif has none), replacing any entry
    /// of the same tag. Used only for tags of an IFD that pairing creates.
    func addToExifIFD(_ field: RequiredExifTags.Field) throws {
        try setEntry(field.tag, in: EXIF_IFD_EXIF, type: field.type, count: field.count, value: field.value)
    }

    /// Replaces (or adds) one entry with raw value bytes already in the block's byte order.
    private func setEntry(_ tag: UInt16, in ifd: ExifIfd, type: UInt16, count: UInt32, value bytes: [UInt8]) throws {
        guard let content = content(ifd) else { throw ParseError(.io, "libexif has no \(ifd == EXIF_IFD_EXIF ? "Exif IFD" : "IFD")") }
        let exifTag = ExifTag(rawValue: UInt32(tag))
        while let old = exif_content_get_entry(content, exifTag) {
            exif_content_remove_entry(content, old)
        }
        guard let mem = exif_mem_new_default() else { throw ParseError(.io, "libexif: out of memory") }
        defer { exif_mem_unref(mem) }
        guard let entry = exif_entry_new_mem(mem) else { throw ParseError(.io, "libexif: out of memory") }
        defer { exif_entry_unref(entry) }
        guard let storage = exif_mem_alloc(mem, UInt32(max(1, bytes.count))) else { throw ParseError(.io, "libexif: out of memory") }
        let buffer = storage.bindMemory(to: UInt8.self, capacity: max(1, bytes.count))
        bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: bytes.count) } }
        entry.pointee.tag = exifTag
        entry.pointee.format = ExifFormat(rawValue: UInt32(type))
        entry.pointee.components = UInt(count)
        entry.pointee.size = UInt32(bytes.count)
        entry.pointee.data = buffer
        exif_content_add_entry(content, entry)
        guard exif_content_get_entry(content, exifTag) == entry else {
            throw ParseError(.io, "libexif did not take the new entry for tag 0x\(hex(tag))")
        }
    }

    /// The MakerNote entry's bytes as libexif holds them (zeroed if hidden on load).
    var makerNoteBytes: [UInt8]? {
        guard let e = entry(EXIF_TAG_MAKER_NOTE, EXIF_IFD_EXIF), let p = e.pointee.data else { return nil }
        return Array(UnsafeBufferPointer(start: p, count: Int(e.pointee.size)))
    }

    /// `exif_data_save_data`: the new APP1 payload, starting with "Exif\0\0".
    public func savedPayload() throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt32 = 0
        exif_data_save_data(data, &out, &size)
        defer { free(out) }
        try throwIfOutOfMemory()
        guard let out, size >= 14 else { throw ParseError(.io, "libexif could not save the EXIF data", path: "APP1/Exif") }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    private func throwIfOutOfMemory() throws {
        if messages.outOfMemory { throw ParseError(.io, "libexif: out of memory", path: "APP1/Exif") }
    }

    private func content(_ ifd: ExifIfd) -> UnsafeMutablePointer<ExifContent>? {
        switch ifd {
        case EXIF_IFD_0: return data.pointee.ifd.0
        case EXIF_IFD_1: return data.pointee.ifd.1
        case EXIF_IFD_EXIF: return data.pointee.ifd.2
        case EXIF_IFD_GPS: return data.pointee.ifd.3
        case EXIF_IFD_INTEROPERABILITY: return data.pointee.ifd.4
        default: return nil
        }
    }

    private func entry(_ tag: ExifTag, _ ifd: ExifIfd) -> UnsafeMutablePointer<ExifEntry>? {
        guard let c = content(ifd) else { return nil }
        return exif_content_get_entry(c, tag)
    }

    private func ascii(_ tag: ExifTag, _ ifd: ExifIfd) -> String? {
        guard let e = entry(tag, ifd), let p = e.pointee.data else { return nil }
        return ExifTIFF.trimmedASCII(UnsafeBufferPointer(start: p, count: Int(e.pointee.size)))
    }
}

/// Collects libexif log messages instead of printing them (libexif must never write to stdout).
final class LibexifMessages {
    var corrupt: [String] = []
    var outOfMemory = false
    static let maxKept = 64
}

private let libexifLogCallback: ExifLogFunc = { _, code, _, format, args, user in
    guard let user else { return }
    let box = Unmanaged<LibexifMessages>.fromOpaque(user).takeUnretainedValue()
    if code == EXIF_LOG_CODE_NO_MEMORY { box.outOfMemory = true }
    guard code == EXIF_LOG_CODE_CORRUPT_DATA, box.corrupt.count < LibexifMessages.maxKept, let format, let args else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
    box.corrupt.append(String(cString: buffer))
}
