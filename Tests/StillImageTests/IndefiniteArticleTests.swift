import Testing
@testable import StillImage

/// The article in "has a/an <maker> MakerNote": an unknown maker's name is its EXIF Make as
/// written, so a short all-capitals name (up to four letters) is read letter by letter.
@Suite("the article before a maker's name")
struct IndefiniteArticleTests {
    @Test func articles() {
        let cases: [(String, String)] = [("Canon", "a"), ("Olympus", "an"), ("OnePlus", "a"), ("Unicorn", "a"), ("HTC", "an"),
                                         ("LGE", "an"), ("SKBX", "an"), ("HMDXY", "a"), ("Nikon", "a"), ("R2D2", "an"), ("unknown", "an")]
        for (word, article) in cases { #expect(indefiniteArticle(before: word) == article, "\(word)") }
    }
}
