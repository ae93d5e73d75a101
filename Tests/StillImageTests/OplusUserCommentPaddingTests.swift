@testable import StillImage
import Testing

/// A ColorOS UserComment may be padded with NULs after its text (EXIF's fixed-size comment
/// fields): the flags are the number before the padding.
@Suite("OPLUS UserComment: a NUL-padded comment reads its flags")
struct OplusUserCommentPaddingTests {
    @Test("oplus_8388608 followed by NULs: 8388608")
    func nulPadded() {
        #expect(OplusUserComment.flags(in: OplusUserComment.asciiCode + Array("oplus_8388608".utf8) + [0, 0]) == 8_388_608)
        #expect(OplusUserComment.flags(in: OplusUserComment.asciiCode + Array("oplus_1".utf8) + [0]) == 1)
    }
}
