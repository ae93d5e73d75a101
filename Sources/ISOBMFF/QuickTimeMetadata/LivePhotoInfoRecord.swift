import BinaryIO

/// One sample's value of the live-photo-info track: a little-endian record whose first word
/// is its version. Version 3 (iOS 17 and 18 cameras) is 44 bytes of header fields, a count A
/// and A 32-byte entries, a count B, 16 bytes and B 32-byte entries, then a 68-byte tail
/// (measured on every sample of the corpus movies). The motion values in it are the camera's
/// measurements; we write a neutral record (`neutral`) of the same version.
public struct LivePhotoInfoRecord: Sendable, Equatable {
    public static let cameraVersion: UInt32 = 3
    static let headerSize = 44, entrySize = 32, tailSize = 68

    public var version: UInt32
    /// Version 3's two entry counts; nil for another version (kept as bytes, not refused).
    public var entryCounts: (first: UInt32, second: UInt32)?

    public static func == (a: Self, b: Self) -> Bool {
        a.version == b.version && a.entryCounts?.first == b.entryCounts?.first && a.entryCounts?.second == b.entryCounts?.second
    }

    /// Reads a record; a version 3 record whose counts do not add up to its size is a typed error.
    public init(_ value: [UInt8], path: String) throws {
        var r = ByteReader(value, path: path)
        r.littleEndian = true
        version = try r.readUInt32()
        guard version == Self.cameraVersion else { entryCounts = nil; return }
        try r.skip(Self.headerSize - 4)
        let first = try r.readUInt32()
        try Self.skipEntries(first, in: &r, path: path)
        let second = try r.readUInt32()
        try r.skip(16)
        try Self.skipEntries(second, in: &r, path: path)
        guard r.remaining == Self.tailSize else {
            throw ParseError(.invalidValue, "a version 3 live-photo-info record ends \(r.remaining) bytes before its end, not \(Self.tailSize)", path: path, offset: r.fileOffset)
        }
        entryCounts = (first, second)
    }

    private static func skipEntries(_ count: UInt32, in r: inout ByteReader, path: String) throws {
        guard UInt64(count) * UInt64(entrySize) <= UInt64(r.remaining) else {
            throw ParseError(.invalidValue, "\(count) live-photo-info entries do not fit the record", path: path, offset: r.fileOffset)
        }
        try r.skip(Int(count) * entrySize)
    }

    /// A version 3 record with no motion entries and every measured field zero: well formed,
    /// and claims no motion we did not measure (the camera writes 144-byte samples of this shape).
    public static func neutral() -> [UInt8] {
        var w = ByteWriter(capacity: headerSize + 8 + 16 + tailSize)
        w.append([UInt8(cameraVersion), 0, 0, 0])
        w.append([UInt8](repeating: 0, count: headerSize - 4 + 4 + 4 + 16 + tailSize))
        return w.bytes
    }
}
