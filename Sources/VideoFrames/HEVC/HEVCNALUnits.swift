import BinaryIO

/// HEVC NAL units (ITU-T H.265 7.3.1): splitting an Annex B byte stream (what libx265 hands
/// out) and writing them length-prefixed, as an `hvc1` sample holds them.
enum HEVCNALUnits {
    /// nal_unit_type values this encoder output needs to tell apart.
    static let firstIRAPType = 16, lastIRAPType = 21   // BLA, IDR, CRA: random access points
    static let vpsType = 32, spsType = 33, ppsType = 34

    /// The NAL unit's type, from the first header byte.
    static func type(_ unit: ArraySlice<UInt8>) -> Int { unit.isEmpty ? -1 : Int(unit[unit.startIndex] >> 1) & 0x3F }

    static func isParameterSet(_ unit: ArraySlice<UInt8>) -> Bool { (vpsType...ppsType).contains(type(unit)) }
    static func isRandomAccessPoint(_ unit: ArraySlice<UInt8>) -> Bool { (firstIRAPType...lastIRAPType).contains(type(unit)) }

    /// The NAL units of an Annex B stream: the bytes between start codes (00 00 01), without
    /// the zero bytes around them (a NAL unit never ends in 00: its RBSP ends in a stop bit).
    static func splitAnnexB(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var starts: [Int] = []   // first byte after each start code
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0, bytes[i + 1] == 0, bytes[i + 2] == 1 { starts.append(i + 3); i += 3 } else { i += 1 }
        }
        var units: [ArraySlice<UInt8>] = []
        for (n, start) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1] - 3 : bytes.count
            while end > start, bytes[end - 1] == 0 { end -= 1 }
            if end > start { units.append(bytes[start..<end]) }
        }
        return units
    }

    /// NAL units each preceded by its size in 4 bytes (lengthSizeMinusOne = 3 in `hvcC`).
    static func lengthPrefixed(_ units: [ArraySlice<UInt8>]) -> [UInt8] {
        var out = ByteWriter(capacity: units.reduce(0) { $0 + 4 + $1.count })
        for unit in units {
            out.u32(UInt32(unit.count))
            out.append(unit)
        }
        return out.bytes
    }

    /// The RBSP of a NAL unit: its payload after the 2-byte header with emulation prevention
    /// bytes (the 03 of 00 00 03) removed.
    static func rbsp(_ unit: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(unit.count)
        var zeros = 0
        for byte in unit.dropFirst(2) {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }
}

/// Reads an RBSP bit by bit: fixed-width fields and exp-Golomb codes (H.265 9.2).
struct RBSPBitReader {
    private let bytes: [UInt8]
    private var bit = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func bits(_ count: Int) throws -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            guard bit < bytes.count * 8 else { throw ParseError(.truncated, "the parameter set ends early") }
            value = value << 1 | UInt64(bytes[bit >> 3] >> (7 - UInt8(bit & 7)) & 1)
            bit += 1
        }
        return value
    }

    mutating func flag() throws -> Bool { try bits(1) == 1 }

    mutating func skip(_ count: Int) throws { _ = try bits(count) }

    /// ue(v); more than 31 leading zeros is damage, not a value.
    mutating func unsignedExpGolomb() throws -> UInt64 {
        var zeros = 0
        while try bits(1) == 0 {
            zeros += 1
            guard zeros <= 31 else { throw ParseError(.invalidValue, "an exp-Golomb code in the parameter set is too long") }
        }
        return (1 << UInt64(zeros)) - 1 + (try bits(zeros))
    }
}
