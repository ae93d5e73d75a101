import Testing
@testable import LivePhotoKit

/// Takeout cuts a long sidecar name to a length it may count in characters or in UTF-16
/// units: `cutForms` gives each distinct cut, and nothing for a text already short enough by
/// both counts (a name outside the BMP takes two UTF-16 units a character).
@Suite("Takeout sidecar names: the character and UTF-16 cuts of a long name")
struct TakeoutSidecarCutFormsTests {
    @Test("three emoji cut to 2: two characters, and the one emoji that fits in 2 UTF-16 units")
    func emojiCutByBothCounts() {
        #expect(TakeoutSidecarName.cutForms("😀😀😀", to: 2) == ["😀😀", "😀"])
        #expect(TakeoutSidecarName.cutForms("a😀b", to: 2) == ["a😀"], "3 UTF-16 units cut to 2 would split the emoji: no such form")
    }

    @Test("a name short enough in characters and in UTF-16 units has no cut form")
    func shortNameHasNone() {
        #expect(TakeoutSidecarName.cutForms("IMG_0001.JPG", to: 46) == [])
        #expect(TakeoutSidecarName.cutForms("😀😀", to: 4) == [], "4 UTF-16 units fit in 4")
        #expect(TakeoutSidecarName.cutForms("abc", to: 3) == [])
    }

    @Test("an ASCII name cut once: both counts give the same cut, listed once")
    func asciiCutOnce() {
        #expect(TakeoutSidecarName.cutForms("abcdef", to: 3) == ["abc"])
        #expect(TakeoutSidecarName.cutForms("abcdef", to: 0) == [])
    }
}
