/// A bounds-checked big- or little-endian cursor over an in-memory byte range.
/// Every read checks the remaining length first and throws a `ParseError` that names the
/// context path and the absolute file offset; nothing here allocates by an untrusted count
/// beyond the bytes already held.
public struct ByteReader {
    public let bytes: [UInt8]
    public let start: Int
    public let end: Int
    public private(set) var position: Int
    /// Absolute file offset of `bytes[0]`, for error messages.
    public let baseOffset: UInt64
    public var path: String
    public var littleEndian = false

    public init(_ bytes: [UInt8], range: Range<Int>? = nil, baseOffset: UInt64 = 0, path: String = "") {
        let r = range ?? 0..<bytes.count
        precondition(r.lowerBound >= 0 && r.upperBound <= bytes.count)
        self.bytes = bytes
        self.start = r.lowerBound
        self.end = r.upperBound
        self.position = r.lowerBound
        self.baseOffset = baseOffset
        self.path = path
    }

    public var remaining: Int { end - position }
    public var isAtEnd: Bool { position >= end }
    /// Absolute file offset of the cursor.
    public var fileOffset: UInt64 { baseOffset + UInt64(position) }

    public func error(_ kind: ParseError.Kind, _ message: String) -> ParseError {
        ParseError(kind, message, path: path, offset: fileOffset)
    }

    public func require(_ count: Int, _ what: @autoclosure () -> String = "field") throws {
        guard count >= 0, count <= remaining else {
            throw error(.truncated, "truncated \(what()): needs \(count) bytes, \(remaining) left")
        }
    }

    public mutating func skip(_ count: Int) throws {
        try require(count, "skip")
        position += count
    }


    public mutating func readUInt8() throws -> UInt8 {
        try require(1, "byte")
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func readUInt16() throws -> UInt16 {
        try require(2, "16-bit value")
        defer { position += 2 }
        let a = UInt16(bytes[position]), b = UInt16(bytes[position + 1])
        return littleEndian ? (b << 8 | a) : (a << 8 | b)
    }

    public mutating func readUInt24() throws -> UInt32 {
        try require(3, "24-bit value")
        defer { position += 3 }
        return UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2])
    }

    public mutating func readUInt32() throws -> UInt32 {
        try require(4, "32-bit value")
        defer { position += 4 }
        var v: UInt32 = 0
        if littleEndian {
            for i in (0..<4).reversed() { v = v << 8 | UInt32(bytes[position + i]) }
        } else {
            for i in 0..<4 { v = v << 8 | UInt32(bytes[position + i]) }
        }
        return v
    }

    public mutating func readInt32() throws -> Int32 { Int32(bitPattern: try readUInt32()) }

    public mutating func readUInt64() throws -> UInt64 {
        try require(8, "64-bit value")
        defer { position += 8 }
        var v: UInt64 = 0
        if littleEndian {
            for i in (0..<8).reversed() { v = v << 8 | UInt64(bytes[position + i]) }
        } else {
            for i in 0..<8 { v = v << 8 | UInt64(bytes[position + i]) }
        }
        return v
    }

    public mutating func readInt64() throws -> Int64 { Int64(bitPattern: try readUInt64()) }

    public mutating func readFourCC() throws -> FourCC { FourCC(try readBigEndianUInt32()) }

    private mutating func readBigEndianUInt32() throws -> UInt32 {
        let le = littleEndian
        littleEndian = false
        defer { littleEndian = le }
        return try readUInt32()
    }

    /// Reads `count` bytes; `count` is checked against what is held before anything is copied.
    public mutating func readBytes(_ count: Int) throws -> [UInt8] {
        try require(count, "byte run")
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// A reader over the next `count` bytes, sharing storage; advances past them.
    public mutating func subReader(_ count: Int, path: String? = nil) throws -> ByteReader {
        try require(count, "sub-range")
        var r = ByteReader(bytes, range: position..<position + count, baseOffset: baseOffset, path: path ?? self.path)
        r.littleEndian = littleEndian
        position += count
        return r
    }

    /// The rest of the range as bytes (bounded by what is held).
    public mutating func readRest() -> [UInt8] {
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Bytes in the whole range of this reader, independent of the cursor.
    public var rangeBytes: ArraySlice<UInt8> { bytes[start..<end] }
}
