import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// A FourCC literal must spell four characters. One of another length is a programming error
/// that stops the process; it is never read as four bytes (its own and whatever follows it in
/// memory, such as the literal's terminating zero).
@Suite("FourCC: a literal of other than four characters stops the process")
struct FourCCLiteralLengthTests {
    @Test("a three-character literal stops the process")
    func threeCharacters() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let code = FourCC(stringLiteral: "abc")
            print(code.rawValue)
        }
    }

    @Test("a five-character literal stops the process")
    func fiveCharacters() async {
        await #expect(processExitsWith: .signal(SIGILL)) {
            let code = FourCC(stringLiteral: "abcde")
            print(code.rawValue)
        }
    }
}
