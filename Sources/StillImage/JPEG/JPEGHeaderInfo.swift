import BinaryIO
import CTurboJPEG

/// What libjpeg-turbo reports about a JPEG's frame, read from the headers only.
public struct JPEGHeaderInfo: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// "4:4:4", "4:2:2", "4:2:0", "gray", "4:4:0", "4:1:1" or "unknown".
    public let subsampling: String
    /// "YCbCr", "gray", "RGB", "CMYK" or "YCCK".
    public let colorSpace: String
    /// Why libjpeg-turbo could not read the headers when our own frame header parse could
    /// (damaged tables): the facts then come from the SOF segment, and decoding will fail.
    public var unreadByLibrary: String?

    public init(width: Int, height: Int, subsampling: String, colorSpace: String, unreadByLibrary: String? = nil) {
        self.width = width
        self.height = height
        self.subsampling = subsampling
        self.colorSpace = colorSpace
        self.unreadByLibrary = unreadByLibrary
    }
}

/// libjpeg-turbo (TurboJPEG API) calls. Each call uses its own handle, so these are thread-safe.
public enum TurboJPEG {
    /// The most header bytes handed to libjpeg-turbo (tables and frame/scan headers are a few KB).
    static let maxHeaderBytes = 4 << 20

    /// Reads the frame header with `tjDecompressHeader3`, giving it SOI + the segments libjpeg
    /// needs (JFIF APP0 and Adobe APP14 decide the colour space; DQT/DHT/SOF/SOS...) and no
    /// scan data. Other APPn and COM segments are left out: libjpeg skips them anyway.
    public static func header(of source: FileSource, structure: JPEGStructure) throws -> JPEGHeaderInfo {
        var buffer: [UInt8] = [0xFF, JPEGMarker.soi]
        for segment in structure.segments {
            let needed = !(segment.isAPPn || segment.marker == JPEGMarker.com) || segment.isAPP(0) || segment.isAPP(14)
            guard needed else { continue }
            guard buffer.count + segment.totalLength <= maxHeaderBytes else {
                throw ParseError(.tooLarge, "JPEG tables exceed \(maxHeaderBytes) bytes", path: "JPEG/" + segment.name, offset: segment.offset)
            }
            buffer += try source.read(at: segment.offset, count: segment.totalLength, path: "JPEG/" + segment.name)
        }
        guard let frameSegment = structure.frameSegment else {
            throw ParseError(.invalidValue, "no start-of-frame (SOFn) segment before the image data", path: "JPEG", offset: structure.scanStart)
        }
        let frame = try FrameHeader.read(source, frameSegment)
        guard let handle = tjInitDecompress() else {
            throw ParseError(.io, "libjpeg-turbo could not create a decompressor")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = -1, colorspace: Int32 = -1
        let status = buffer.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsamp, &colorspace)
        }
        if status != 0 {
            let message = errorString(handle)
            guard frame.width > 0, frame.height > 0 else {
                throw ParseError(.invalidValue, "libjpeg-turbo: \(message)", path: "JPEG/" + frameSegment.name, offset: frameSegment.offset)
            }
            // The frame is readable without the library: a sampling layout or colour space
            // libjpeg-turbo 2.1 has no name for, or damaged tables (which are not ours to
            // change: lenient on read, the metadata can still be edited and the bytes carried).
            let named = message.contains("subsampling") || message.contains("colorspace")
            return JPEGHeaderInfo(width: frame.width, height: frame.height, subsampling: "unknown",
                                  colorSpace: fallbackColorSpace(componentCount: frame.components.count),
                                  unreadByLibrary: named ? nil : message)
        }
        return JPEGHeaderInfo(width: Int(width), height: Int(height),
                              subsampling: subsamplingName(subsamp), colorSpace: colorSpaceName(colorspace))
    }

    static func errorString(_ handle: tjhandle) -> String {
        guard let c = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: c)
    }

    static func subsamplingName(_ value: Int32) -> String {
        name(of: value, in: [(TJSAMP_444, "4:4:4"), (TJSAMP_422, "4:2:2"), (TJSAMP_420, "4:2:0"),
                             (TJSAMP_GRAY, "gray"), (TJSAMP_440, "4:4:0"), (TJSAMP_411, "4:1:1")])
    }

    static func colorSpaceName(_ value: Int32) -> String {
        name(of: value, in: [(TJCS_RGB, "RGB"), (TJCS_YCbCr, "YCbCr"), (TJCS_GRAY, "gray"), (TJCS_CMYK, "CMYK"), (TJCS_YCCK, "YCCK")])
    }

    /// The name libjpeg-turbo's value has in `table`; "unknown" for a value the table lacks
    /// (a newer library's subsampling, or -1 when it could not tell).
    static func name<Value: RawRepresentable>(of value: Int32, in table: [(Value, String)]) -> String where Value.RawValue: BinaryInteger {
        table.first { Int32(truncatingIfNeeded: $0.0.rawValue) == value }?.1 ?? "unknown"
    }

    /// libjpeg's own default when no JFIF/Adobe marker says otherwise.
    static func fallbackColorSpace(componentCount: Int) -> String {
        switch componentCount {
        case 1: return "gray"
        case 3: return "YCbCr"
        case 4: return "CMYK"
        default: return "unknown"
        }
    }
}
