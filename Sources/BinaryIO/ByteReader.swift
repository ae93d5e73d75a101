/// A bounds-checked big- or little-endian cursor over an in-memory byte range.
/// Every read checks the remaining length first and throws a `ParseError` that names the
/// context path and the absolute file offset; nothing here allocates by an untrusted count
/// beyond the bytes already held.
public struct ByteReader {
    public let bytes: [UInt8]
    public let start: Int
    public let end: Int
    /// The cursor. Readers elsewhere see `position`; the hot reads below are inlined into
    /// the box parsers (a scan reads every box header of every movie), so they reach the
    /// storage directly.
    @usableFromInline var cursor: Int
    public var position: Int { cursor }
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
        self.cursor = r.lowerBound
        self.baseOffset = baseOffset
        self.path = path
    }

    @inlinable public var remaining: Int { end - cursor }
    @inlinable public var isAtEnd: Bool { cursor >= end }
    /// Absolute file offset of the cursor.
    public var fileOffset: UInt64 { baseOffset + UInt64(position) }

    public func error(_ kind: ParseError.Kind, _ message: String) -> ParseError {
        ParseError(kind, message, path: path, offset: fileOffset)
    }

    @inlinable
    public func require(_ count: Int, _ what: @autoclosure () -> String = "field") throws {
        guard count >= 0, count <= remaining else { throw truncated(count, what()) }
    }

    /// The error of a read past the end; out of line, so the inlined reads stay small.
    @usableFromInline
    func truncated(_ count: Int, _ what: String) -> ParseError {
        error(.truncated, "truncated \(what): needs \(count) bytes, \(remaining) left")
    }

    @inlinable
    public mutating func skip(_ count: Int) throws {
        try require(count, "skip")
        cursor += count
    }


    @inlinable
    public mutating func readUInt8() throws -> UInt8 {
        try require(1, "byte")
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// `T`'s bytes at the cursor, most significant first; `what` names the value in the error.
    /// Every wider read below goes through here, so the bounds check and the advance are one.
    @inlinable
    mutating func readBigEndian<T: FixedWidthInteger & UnsignedInteger>(_: T.Type, _ what: String) throws -> T {
        let size = MemoryLayout<T>.size
        try require(size, what)
        defer { cursor += size }
        var value: T = 0
        for i in 0..<size { value = value << 8 | T(bytes[cursor + i]) }
        return value
    }

    /// A `T` in the reader's byte order.
    @inlinable
    mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type, _ what: String) throws -> T {
        let big = try readBigEndian(type, what)
        return littleEndian ? big.byteSwapped : big
    }

    @inlinable public mutating func readUInt16() throws -> UInt16 { try readInteger(UInt16.self, "16-bit value") }
    @inlinable public mutating func readUInt32() throws -> UInt32 { try readInteger(UInt32.self, "32-bit value") }
    @inlinable public mutating func readInt32() throws -> Int32 { Int32(bitPattern: try readUInt32()) }
    @inlinable public mutating func readUInt64() throws -> UInt64 { try readInteger(UInt64.self, "64-bit value") }
    @inlinable public mutating func readInt64() throws -> Int64 { Int64(bitPattern: try readUInt64()) }

    /// Always big-endian, whatever the reader's byte order: 24-bit values are FullBox flags.
    @inlinable
    public mutating func readUInt24() throws -> UInt32 {
        try require(3, "24-bit value")
        defer { cursor += 3 }
        return UInt32(bytes[cursor]) << 16 | UInt32(bytes[cursor + 1]) << 8 | UInt32(bytes[cursor + 2])
    }

    /// A four-character code: always big-endian (the byte order of the text).
    @inlinable
    public mutating func readFourCC() throws -> FourCC { FourCC(try readBigEndian(UInt32.self, "32-bit value")) }

    /// Reads `count` bytes; `count` is checked against what is held before anything is copied.
    public mutating func readBytes(_ count: Int) throws -> [UInt8] {
        try require(count, "byte run")
        defer { cursor += count }
        return Array(bytes[cursor..<cursor + count])
    }

    /// A reader over the next `count` bytes, sharing storage; advances past them.
    public mutating func subReader(_ count: Int, path: String? = nil) throws -> ByteReader {
        try require(count, "sub-range")
        var r = ByteReader(bytes, range: cursor..<cursor + count, baseOffset: baseOffset, path: path ?? self.path)
        r.littleEndian = littleEndian
        cursor += count
        return r
    }

    /// The rest of the range as bytes (bounded by what is held).
    public mutating func readRest() -> [UInt8] {
        defer { cursor = end }
        return Array(bytes[cursor..<end])
    }

    /// Bytes in the whole range of this reader, independent of the cursor.
    public var rangeBytes: ArraySlice<UInt8> { bytes[start..<end] }
}
