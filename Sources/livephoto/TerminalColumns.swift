/// How many terminal columns text takes, counted the one way both the measuring and the padding
/// of a text table use (Foundation's `padding(toLength:)` counts UTF-16 units, `String.count`
/// grapheme clusters: a name outside the Basic Multilingual Plane lost its last character).
/// One column per grapheme cluster; two for East Asian wide and full-width characters and
/// emoji shown as pictures; none for a cluster of only combining marks, format or control
/// characters.
enum TerminalColumns {
    static func width(_ text: String) -> Int {
        // ASCII (nearly every path) by the same rule without a property lookup a character:
        // printable one column, controls none (CR LF is one cluster of two controls: none).
        var columns = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return text.reduce(0) { $0 + width(of: $1) } }
            if byte >= 0x20 && byte != 0x7F { columns += 1 }
        }
        return columns
    }

    /// `text` followed by spaces up to `columns` columns (never cut).
    static func padded(_ text: String, to columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        if scalars.contains(where: isWide) { return 2 }
        // A text-style emoji made a picture by VARIATION SELECTOR-16 (❤️).
        if scalars.contains("\u{FE0F}"), scalars.contains(where: \.properties.isEmoji) { return 2 }
        return 1
    }

    static func isZeroWidth(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return false
        }
    }

    /// East Asian Width W or F (the ranges wcwidth uses), or an emoji presented as a picture.
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        if s.properties.isEmojiPresentation { return true }
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
