import Testing
import BinaryIO
@testable import ISOBMFF

/// An `mdhd` that ends after its duration (or up to 3 bytes later) has no language and no
/// quality: it reads as the header made with no language, quality 0, and given a language
/// later it writes quality 0 after it.
@Suite("a short mdhd: no language, quality 0")
struct ShortMediaHeaderTests {
    @Test("ending after the duration, or with 1 to 3 bytes more: language nil, quality 0", arguments: [0, 1, 2, 3])
    func shortReadsQualityZero(extra: Int) throws {
        var w = ByteWriter()
        w.u8(0); w.u24(0); w.u32(1); w.u32(2); w.u32(600); w.u32(1203)
        let fields = w.bytes
        w.append(Array(repeating: 7, count: extra))
        let header = try MediaHeader(Atom(type: "mdhd", payload: w.bytes), path: "mdhd")
        #expect(header.language == nil && header.quality == 0)
        var made = MediaHeader(creationTime: 1, modificationTime: 2, timescale: 600, duration: 1203, language: nil)
        made.trailing = Array(repeating: 7, count: extra)
        #expect(header == made)

        var given = header
        given.language = MediaHeader.undeterminedLanguage
        given.trailing = []
        #expect(given.atom().payload == fields + [0x55, 0xC4, 0, 0])
    }
}
