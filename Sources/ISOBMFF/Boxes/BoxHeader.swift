import BinaryIO

/// The header of one box: where it starts, how big it is, how long its header is.
/// Sizes follow ISO 14496-12: 32-bit size; 1 = a 64-bit `largesize` follows; 0 = to the end
/// of the enclosing range (the file, for top-level boxes).
public struct BoxHeader: Equatable, Sendable {
    public let type: FourCC
    public let offset: UInt64
    public let size: UInt64
    public let headerSize: Int
    /// The 16-byte extended type of a `uuid` box.
    public let userType: [UInt8]?
    /// Whether the size field is 0 ("to the end of the file"): such a box must get its
    /// explicit size before anything is written after it.
    public let runsToEnd: Bool

    public var payloadOffset: UInt64 { offset + UInt64(headerSize) }
    public var payloadSize: UInt64 { size - UInt64(headerSize) }
    public var end: UInt64 { offset + size }

    public init(type: FourCC, offset: UInt64, size: UInt64, headerSize: Int, userType: [UInt8]? = nil, runsToEnd: Bool = false) {
        self.type = type; self.offset = offset; self.size = size; self.headerSize = headerSize; self.userType = userType
        self.runsToEnd = runsToEnd
    }

    /// Parses a header from `reader` (positioned at the box start) whose box must end by
    /// `limit` (absolute). `path` is the enclosing path (empty at top level); errors name the
    /// box itself, as `path/type`, with the box's offset.
    public static func parse(_ reader: inout ByteReader, limit: UInt64, path: String) throws -> BoxHeader {
        try parse(&reader, limit: limit, isTopLevel: path.isEmpty) { type in path.isEmpty ? type.description : path + "/" + type.description }
    }

    /// The same, with the box's path made by `boxPath` (given the type) only when an error
    /// needs it: the tree parser reads every box of every movie a scan opens, and errors are rare.
    static func parse(_ reader: inout ByteReader, limit: UInt64, isTopLevel: Bool, boxPath: (FourCC) -> String) throws -> BoxHeader {
        let start = reader.fileOffset
        let size32 = try reader.readUInt32()
        let type = try reader.readFourCC()
        let left = limit >= start ? limit - start : 0
        var size = UInt64(size32)
        var headerSize = 8
        if size32 == 1 {
            guard reader.remaining >= 8 else {
                throw ParseError(.truncated, "box '\(type)' 64-bit size is cut off (\(reader.remaining) bytes left)", path: boxPath(type), offset: start)
            }
            size = try reader.readUInt64()
            headerSize = 16
        } else if size32 == 0 {
            size = left
        }
        var userType: [UInt8]? = nil
        if type == FourCC.uuid {
            guard reader.remaining >= 16 else {
                throw ParseError(.truncated, "uuid box extended type is cut off (\(reader.remaining) bytes left)", path: boxPath(type), offset: start)
            }
            userType = try reader.readBytes(16)
            headerSize += 16
        }
        guard size >= UInt64(headerSize) else {
            throw ParseError(.invalidValue, "box '\(type)' size \(size) is smaller than its header (\(headerSize) bytes)", path: boxPath(type), offset: start)
        }
        guard size <= left else {
            if isTopLevel {
                // A top-level box longer than the file: the file was cut short.
                throw ParseError(.truncated, "truncated: box '\(type)' needs \(size) bytes, the file ends \(left) bytes after its start", path: boxPath(type), offset: start)
            }
            throw ParseError(.tooLarge, "box '\(type)' size \(size) runs past its container (\(left) bytes left)", path: boxPath(type), offset: start)
        }
        return BoxHeader(type: type, offset: start, size: size, headerSize: headerSize, userType: userType, runsToEnd: size32 == 0)
    }
}

extension BoxHeader {
    /// Writes the header of a box of `size` bytes in all (header included): a 32-bit size, or
    /// size 1 and a 64-bit `largesize` when `large` or when the size needs it. The caller's
    /// `size` counts the header it asks for (16 bytes in the 64-bit form).
    public static func write(type: FourCC, size: UInt64, large: Bool = false, into w: inout ByteWriter) {
        if large || size > UInt64(UInt32.max) {
            w.u32(1); w.fourCC(type); w.u64(size)
        } else {
            w.u32(UInt32(size)); w.fourCC(type)
        }
    }

    /// The header of a box holding `payloadSize` bytes: 8 bytes, or 16 when the box would not
    /// fit a 32-bit size.
    public static func bytes(type: FourCC, payloadSize: UInt64) -> [UInt8] {
        var w = ByteWriter(capacity: 16)
        let compact = payloadSize + 8 <= UInt64(UInt32.max)
        write(type: type, size: payloadSize + (compact ? 8 : 16), large: !compact, into: &w)
        return w.bytes
    }
}

extension FourCC {
    /// Compared for every box header: made once, not from a string literal each time.
    static let uuid: FourCC = "uuid"
}
