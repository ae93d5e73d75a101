import BinaryIO
import CExif
#if canImport(Glibc)
import Glibc
#endif

/// One EXIF APP1 payload loaded into libexif, the independent reader beside our own: it reads
/// Make, Model and Orientation, and cross-checks a block pairing patched. It no longer writes:
/// its save re-lays out the TIFF structure, dropping what nothing points to (bytes after the
/// last IFD) and entries of types it cannot size, and empties an Apple MakerNote, so pairing
/// patches the bytes itself (`ExifMakerNotePatch`). Options are set so loading changes nothing:
/// unknown tags are kept (IGNORE_UNKNOWN_TAGS unset), no tags are added (FOLLOW_SPECIFICATION
/// unset). DONT_CHANGE_MAKER_NOTE is not set: libexif reads it only when saving.
///
/// The MakerNote is read by our own code (`ExifTIFF`, `AppleMakerNote`), so its bytes are
/// zeroed in the copy handed to libexif: libexif's vendor MakerNote parsers never see hostile
/// MakerNote data.
public final class ExifBlock {
    private let data: UnsafeMutablePointer<ExifData>
    private let log: OpaquePointer?
    private let messages = LibexifMessages()
    public let littleEndian: Bool

    /// The most libexif loads (it cuts longer data at this length).
    static let maxPayload = 0xFFFE

    /// - Parameters:
    ///   - payload: the APP1 payload, starting with "Exif\0\0".
    ///   - makerNoteRange: where the MakerNote value lies in `payload`; zeroed before loading.
    public init(payload: [UInt8], hidingMakerNoteAt makerNoteRange: Range<Int>?) throws {
        guard payload.count >= 14, payload.count <= ExifBlock.maxPayload else {
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

    public var make: String? { ascii(EXIF_TAG_MAKE, EXIF_IFD_0) }
    public var model: String? { ascii(EXIF_TAG_MODEL, EXIF_IFD_0) }

    /// IFD0 Orientation (1...8 in valid files), when it is one SHORT (the first of several).
    /// libexif sizes an entry's data as components × the format's size, so 2 bytes mean at
    /// least one SHORT.
    public var orientation: Int? {
        guard let e = entry(EXIF_TAG_ORIENTATION, EXIF_IFD_0), e.pointee.format == EXIF_FORMAT_SHORT,
              e.pointee.size >= 2, let p = e.pointee.data else { return nil }
        return Int(exif_get_short(p, exif_data_get_byte_order(data)))
    }

    /// The MakerNote entry's bytes as libexif holds them (zeroed if hidden on load).
    var makerNoteBytes: [UInt8]? {
        guard let e = entry(EXIF_TAG_MAKER_NOTE, EXIF_IFD_EXIF), let p = e.pointee.data else { return nil }
        return Array(UnsafeBufferPointer(start: p, count: Int(e.pointee.size)))
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

/// What libexif's log told while loading: only whether it ran out of memory (its corrupt-data
/// messages are not kept: the values it reads are compared, and nothing shows its wording).
final class LibexifMessages {
    var outOfMemory = false
}

private let libexifLogCallback: ExifLogFunc = { _, code, _, _, _, user in
    guard let user, code == EXIF_LOG_CODE_NO_MEMORY else { return }
    Unmanaged<LibexifMessages>.fromOpaque(user).takeUnretainedValue().outOfMemory = true
}
