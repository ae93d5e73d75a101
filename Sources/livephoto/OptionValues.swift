import ArgumentParser

/// Numeric option values checked while they are parsed (`transform:`), so every command that
/// takes the option refuses a bad value in the same words, naming the allowed range:
/// "The value '-1' is invalid for '--jobs <N>': give a whole number, 1 or more". Options using
/// them parse `.unconditional`, so "-1" is read as the value (and refused here), not as an
/// unknown option that leaves the option without a value.
enum OptionValues {
    /// `--jobs`: a whole number, 1 or more.
    @Sendable static func jobs(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw ValidationError("give a whole number, 1 or more") }
        return n
    }

    /// `--wait`: a number of seconds, 0 or more.
    @Sendable static func waitSeconds(_ text: String) throws -> Double {
        guard let t = Double(text), t.isFinite, t >= 0 else { throw ValidationError("give a number of seconds, 0 or more") }
        return t
    }
}
