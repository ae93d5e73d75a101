/// The verdict of `verify`: every check by name with its result and the values seen.
public struct VerifyReport: Codable, Equatable, Sendable {
    public struct Check: Codable, Equatable, Sendable {
        /// Stable name, e.g. "identifiers-equal".
        public var name: String
        public var passed: Bool
        /// What was seen, for people: "E5B787E0-... vs 83599CB7-...".
        public var detail: String
        /// Whether the check is one `--strict` adds.
        public var strict: Bool
        /// True when the check could not be made (a HEIC still's decode: no HEVC decoder is
        /// linked); `passed` is then false, and the check does not count against `valid`.
        public var notChecked: Bool? = nil

        /// Whether this check makes the pair invalid.
        public var failed: Bool { !passed && notChecked != true }
    }

    public var still: String
    public var movie: String
    public var strict: Bool
    public var valid: Bool
    public var checks: [Check]
    public var stillIdentifier: String?
    public var movieIdentifier: String?
}
