import Testing
import BinaryIO

/// QuickTime's `©xyz` types (udta items such as `©nam`, `©day`) are written with a Latin-1
/// 0xA9 first byte; a literal spelling them must hold exactly those four bytes.
@Suite("FourCC: literals outside ASCII hold each character's Latin-1 byte")
struct FourCCLiteralTests {
    @Test("©nam, ©day, ©xyz and an ASCII literal equal the codes read from their bytes")
    func latin1Literals() {
        let pairs: [(FourCC, UInt32)] = [("©nam", 0xA96E_616D), ("©day", 0xA964_6179), ("©xyz", 0xA978_797A), ("moov", 0x6D6F_6F76)]
        for (literal, bytes) in pairs {
            #expect(literal.rawValue == bytes, "\(literal): 0x\(String(literal.rawValue, radix: 16))")
            #expect(literal == FourCC(bytes))
        }
    }
}

/// A FourCC prints as itself when all four bytes are printable ASCII (0x20...0x7E), and any
/// other byte as `\xNN`, so a hostile type stays one readable line.
@Suite("FourCC: description of every byte value")
struct FourCCDescriptionTests {
    static func expected(_ b: UInt8) -> String {
        b >= 0x20 && b <= 0x7E ? String(UnicodeScalar(b)) : "\\x" + (b < 0x10 ? "0" : "") + String(b, radix: 16, uppercase: true)
    }

    @Test("each byte value, in each of the four places, prints as itself or as \\xNN")
    func everyByte() {
        for code in 0...255 {
            let b = UInt8(code)
            for place in 0..<4 {
                var bytes: [UInt8] = Array("ab c".utf8)
                bytes[place] = b
                let raw = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                let text = bytes.map(FourCCDescriptionTests.expected).joined()
                #expect(FourCC(raw).description == text, "0x\(String(raw, radix: 16))")
            }
        }
    }

    /// All four bytes one value: no printable neighbour sends a type of four high bytes (or
    /// four control bytes) down the path that escapes them.
    @Test("four bytes of one value, for every value")
    func fourOfOneByte() {
        for code in 0...255 {
            let b = UInt8(code)
            let raw = UInt32(b) << 24 | UInt32(b) << 16 | UInt32(b) << 8 | UInt32(b)
            #expect(FourCC(raw).description == String(repeating: Self.expected(b), count: 4), "0x\(String(raw, radix: 16))")
        }
    }
}
