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
