import Foundation

/// The asset identifier that binds a Live Photo's still and movie: a UUID string, written
/// upper-case in canonical 8-4-4-4-12 form as Apple writes it.
public enum ContentIdentifier {
    public static func random() -> String { UUID().uuidString.uppercased() }

    /// Whether `value` is a UUID in canonical 8-4-4-4-12 hexadecimal form (either case): ASCII
    /// only, checked byte by byte. Swift's `Character.isHexDigit` also takes the full-width
    /// forms ("０", "Ａ"), which no reader takes for a UUID, so Characters are not used.
    public static func isWellFormed(_ value: String) -> Bool {
        let bytes = value.utf8
        guard bytes.count == 36 else { return false }
        for (i, b) in bytes.enumerated() {
            let isDash = i == 8 || i == 13 || i == 18 || i == 23
            let isHex = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
            guard isDash ? b == UInt8(ascii: "-") : isHex else { return false }
        }
        return true
    }

    /// The canonical upper-case form of a user-given UUID, or nil when it is not one.
    public static func normalized(_ value: String) -> String? {
        isWellFormed(value) ? value.uppercased() : nil
    }
}
