@testable import StillImage
import Testing

/// The text helpers of messages: a tag number as four upper-case hexadecimal digits, and the
/// article before a maker's name, where an all-capitals name of up to four letters or digits
/// is an initialism spelt out ("an HP15") and a longer one a word ("a SIGMA").
@Suite("message text: hex tag numbers, a or an")
struct TextFormattingTests {
    @Test("tags as four upper-case hex digits, zero-padded", arguments: [(UInt16(0x927C), "927C"), (0x11, "0011"), (0, "0000"), (0xFFFF, "FFFF"), (0xA00, "0A00")])
    func hexTags(_ tag: UInt16, _ text: String) {
        #expect(hex(tag) == text)
    }

    @Test("up to four capitals or digits are spelt out; five capitals are read as a word", arguments: [
        ("HP15", "an"), ("LG", "an"), ("MSI", "an"), ("NEC1", "an"), ("SIGMA", "a"), ("SHARP", "a"), ("FUJIX", "a"), ("HTC", "an"),
    ])
    func articles(_ word: String, _ article: String) {
        #expect(indefiniteArticle(before: word) == article, "\(word)")
    }
}
