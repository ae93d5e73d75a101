import Foundation

/// The asset identifier that binds a Live Photo's still and movie: a UUID string, written
/// upper-case in canonical 8-4-4-4-12 form as Apple writes it.
public enum ContentIdentifier {
    public static func random() -> String { UUID().uuidString.uppercased() }

    /// Whether `value` is a UUID in canonical 8-4-4-4-12 hexadecimal form (either case).
    public static func isWellFormed(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// The canonical upper-case form of a user-given UUID, or nil when it is not one.
    public static func normalized(_ value: String) -> String? {
        isWellFormed(value) ? value.uppercased() : nil
    }
}
