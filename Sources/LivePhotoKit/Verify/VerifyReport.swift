/// The verdict of `verify`: every check by name with its result and the values seen.
public struct VerifyReport: Codable, Equatable, Sendable {
    /// How much a failed check counts.
    public enum Level: String, Codable, Sendable {
        /// Photos would not treat the files as one Live Photo: the pair is invalid.
        case error
        /// What cameras write but Photos is not known to need: reported, the pair stays valid
        /// (unless `--strict`, which makes every warning an error).
        case warning
    }

    public struct Check: Codable, Equatable, Sendable {
        /// Stable name, e.g. "identifiers-equal".
        public var name: CheckName
        public var passed: Bool
        /// What was seen, for people: "E5B787E0-... vs 83599CB7-...".
        public var detail: String
        /// The level in this run: a warning by default becomes an error under `--strict`.
        public var level: Level
        /// Whether the check is a warning by default, i.e. one that only `--strict` makes fatal.
        public var strict: Bool

        /// True when the check could not be made (a HEIC still's decode: no HEIF decoder is
        /// linked); `passed` is then false, and the check counts neither as error nor warning.
        public var notChecked: Bool? = nil

        public init(name: CheckName, passed: Bool, detail: String, level: Level, strict: Bool) {
            self.name = name; self.passed = passed; self.detail = detail; self.level = level; self.strict = strict
        }

        /// Failed at error level: makes the pair invalid.
        public var isError: Bool { !passed && notChecked != true && level == .error }
        /// Failed at warning level: reported, the pair stays valid.
        public var isWarning: Bool { !passed && notChecked != true && level == .warning }
    }

    public var still: String
    public var movie: String
    public var strict: Bool
    /// No check failed at error level.
    public var valid: Bool
    public var checks: [Check]
    public var stillIdentifier: String?
    public var movieIdentifier: String?

    public var errors: [Check] { checks.filter(\.isError) }
    public var warnings: [Check] { checks.filter(\.isWarning) }
}
