import BinaryIO

/// The marker segments of a JPEG file from SOI up to and including the SOS header, read with
/// positioned reads of the headers only: the entropy-coded scan data is never read here.
public struct JPEGStructure: Sendable {
    public let fileSize: UInt64
    /// Every marker segment after SOI up to and including SOS, in file order.
    public let segments: [JPEGSegment]
    /// Offset of the SOS marker. Everything from here to EOF (scan header, image data, EOI and
    /// any trailer such as MPF images or gain maps) is copied verbatim by writers.
    public let scanStart: UInt64

    /// A real JPEG has a few dozen segments; the bound keeps a hostile file from costing
    /// millions of reads.
    public static let maxSegments = 4096
    /// 0xFF fill bytes allowed before one marker (the standard allows any number; real files have a few).
    public static let maxFillBytes = 65536

    public init(fileSize: UInt64, segments: [JPEGSegment], scanStart: UInt64) {
        self.fileSize = fileSize
        self.segments = segments
        self.scanStart = scanStart
    }

    public static func read(_ source: FileSource) throws -> JPEGStructure {
        let size = source.size
        let soi = try source.readUpTo(at: 0, count: 2)
        guard soi == [0xFF, JPEGMarker.soi] else {
            throw ParseError(.unsupported, "not a JPEG file: it does not start with an SOI marker (FF D8)", path: "JPEG", offset: 0)
        }
        var segments: [JPEGSegment] = []
        var position: UInt64 = 2
        while true {
            let (marker, markerOffset) = try readMarker(source, at: position)
            // The segment's name (`JPEG/APP1`) goes only into errors: built when one is thrown.
            var path: String { "JPEG/" + JPEGMarker.name(marker) }
            switch marker {
            case JPEGMarker.soi:
                throw ParseError(.invalidValue, "a second SOI marker before the image data", path: path, offset: markerOffset)
            case JPEGMarker.eoi:
                throw ParseError(.invalidValue, "EOI before any SOS: the file has no image data", path: path, offset: markerOffset)
            case 0x00:
                throw ParseError(.invalidValue, "FF 00 outside the image data", path: "JPEG", offset: markerOffset)
            case _ where JPEGMarker.isStandalone(marker):
                // RSTn/TEM carry no length; libjpeg skips them outside a scan, and so do we.
                position = markerOffset + 2
                continue
            default:
                break
            }
            guard segments.count < maxSegments else {
                throw ParseError(.tooLarge, "more than \(maxSegments) marker segments before the image data", path: path, offset: markerOffset)
            }
            var lengthField = try named(path) { try source.reader(at: markerOffset + 2, count: 2) }
            let length = Int(try lengthField.readUInt16())
            guard length >= 2 else {
                throw ParseError(.invalidValue, "segment length \(length) is less than 2", path: path, offset: markerOffset + 2)
            }
            let end = markerOffset + 2 + UInt64(length)
            guard end <= size else {
                throw ParseError(.truncated, "segment needs \(length + 2) bytes, the file ends after \(size - markerOffset)", path: path, offset: markerOffset)
            }
            let payloadLength = length - 2
            let prefix = try named(path) { try source.read(at: markerOffset + 4, count: min(payloadLength, JPEGSegment.prefixLength)) }
            segments.append(JPEGSegment(marker: marker, offset: markerOffset, payloadLength: payloadLength, payloadPrefix: prefix))
            if marker == JPEGMarker.sos {
                return JPEGStructure(fileSize: size, segments: segments, scanStart: markerOffset)
            }
            position = end
        }
    }

    /// Runs a read whose failure names `path` (made only then), as a read given the path would.
    private static func named<T>(_ path: @autoclosure () -> String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch var error as ParseError {
            error.path = path()
            throw error
        }
    }

    /// Finds the marker at `position`: one 0xFF, any number of 0xFF fill bytes (bounded), then
    /// the marker code. Returns the code and the offset of the 0xFF right before it.
    private static func readMarker(_ source: FileSource, at position: UInt64) throws -> (UInt8, UInt64) {
        var p = position
        var fill = 0
        while true {
            // Over the prefetched head without a copy when it lies there.
            let window = p < source.size ? try source.reader(at: p, count: Int(min(256, source.size - p))).rangeBytes : []
            guard !window.isEmpty else {
                throw ParseError(.truncated, "the file ends before an SOS marker: no image data", path: "JPEG", offset: p)
            }
            for (i, b) in window.enumerated() {
                let at = p + UInt64(i)
                if at == position {
                    guard b == 0xFF else {
                        throw ParseError(.invalidValue, "expected a marker (FF) but found 0x\(String(b, radix: 16, uppercase: true))", path: "JPEG", offset: at)
                    }
                } else if b != 0xFF {
                    return (b, at - 1)
                } else {
                    fill += 1
                    guard fill <= maxFillBytes else {
                        throw ParseError(.tooLarge, "more than \(maxFillBytes) FF fill bytes before a marker", path: "JPEG", offset: position)
                    }
                }
            }
            p += UInt64(window.count)
        }
    }

    /// The first APP1 whose payload starts with "Exif\0\0".
    public var exifSegment: JPEGSegment? { segments.first { $0.isExif } }

    /// The SOS segment (always the last one).
    public var scanHeader: JPEGSegment { segments[segments.count - 1] }

    /// The start-of-frame segment (SOF0...SOF15), if any.
    public var frameSegment: JPEGSegment? { segments.first { JPEGMarker.isStartOfFrame($0.marker) } }
}
