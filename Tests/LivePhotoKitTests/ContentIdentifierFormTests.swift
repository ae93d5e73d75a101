import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `ContentIdentifier.isWellFormed`: exactly 8-4-4-4-12 ASCII hexadecimal digits in either case,
/// which is what `pair --id` accepts and what `verify` calls a UUID.
@Suite("content identifier: canonical UUID text only")
struct ContentIdentifierFormTests {
    static let hexDigits = Array("0123456789abcdefABCDEF")
    /// Characters a one-character edit puts into a UUID: a dash, the ASCII characters just
    /// outside each range of hex digits ("/" and ":", "@" and "G", "`" and "g"), and non-ASCII
    /// forms Swift's `isHexDigit` takes for hexadecimal (full-width) or that are several UTF-8
    /// bytes long.
    static let intruders: [Character] = ["-", "/", ":", "@", "G", "`", "g", " ", "０", "Ａ", "ｆ", "é", "\u{100000}"]

    /// The definition written out the slow way: five groups split at dashes, of lengths
    /// 8, 4, 4, 4 and 12, each character an ASCII hex digit.
    static func oracle(_ s: String) -> Bool {
        let groups = s.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12]
            && groups.allSatisfy { $0.allSatisfy { c in c.isASCII && c.isHexDigit } }
    }

    static func uuid(_ digits: [Int]) -> String {
        var chars = digits.prefix(32).map { hexDigits[$0 % hexDigits.count] }
        for dash in [8, 13, 18, 23] { chars.insert("-", at: dash) }
        return String(chars)
    }

    @Test("any UUID text, and any one-character change of it (replaced, inserted, removed), is judged as the definition says")
    func oneCharacterChanges() async {
        await propertyCheck(count: 600, input: Gen.nearEnds(in: 0...21).array(of: 32...32), Gen.nearEnds(in: 0...35), Gen.nearEnds(in: 0...(Self.intruders.count - 1)), Gen.nearEnds(in: 0...3)) { digits, at, intruder, edit in
            let valid = Self.uuid(digits)
            #expect(ContentIdentifier.isWellFormed(valid))
            #expect(ContentIdentifier.normalized(valid) == valid.uppercased())
            var chars = Array(valid)
            switch edit {
            case 0: chars[at] = Self.intruders[intruder]
            case 1: chars.insert(Self.intruders[intruder], at: at)
            case 2: chars.remove(at: at)
            default: chars.append(Self.hexDigits[at % Self.hexDigits.count])
            }
            let changed = String(chars)
            #expect(ContentIdentifier.isWellFormed(changed) == Self.oracle(changed), "\(changed)")
            #expect((ContentIdentifier.normalized(changed) != nil) == Self.oracle(changed), "\(changed)")
        }
    }

    @Test("full-width hexadecimal digits are not a UUID, though Swift calls them hex digits")
    func fullWidth() {
        let fullWidth = "ＡＢＣＤＥＦ０１-２３４５-６７８９-ＡＢＣＤ-ＥＦ０１２３４５６７８９"
        #expect(fullWidth.split(separator: "-").allSatisfy { $0.allSatisfy(\.isHexDigit) })
        #expect(!ContentIdentifier.isWellFormed(fullWidth))
        #expect(ContentIdentifier.normalized(fullWidth) == nil)
        #expect(!ContentIdentifier.isWellFormed(""))
        #expect(!ContentIdentifier.isWellFormed("00000000-0000-0000-0000-00000000000"))
        #expect(ContentIdentifier.isWellFormed("00000000-0000-0000-0000-000000000000"))
    }
}
