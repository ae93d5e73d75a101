import ArgumentParser
import LivePhotoKit

/// What one command says about `--id`, `--new-id`, `--still-time` and `--still-frame` (the
/// options are one definition, their help stays in each command's own words).
protocol PairChoiceHelp {
    static var id: String { get }
    static var newId: String { get }
    static var stillTime: String { get }
    static var stillFrame: String { get }
}

/// `--id/--new-id` and `--still-time/--still-frame`: the identifier and the still's time of the
/// pair that `pair` and `make` write, checked and handed on the same way by both.
struct PairChoiceOptions<Help: PairChoiceHelp>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Help.id, valueName: "UUID"), transform: IdentifierArgument.parse)
    var id: String?

    @Flag(name: .long, help: ArgumentHelp(Help.newId))
    var newId = false

    // `.unconditional`: "-1" is taken as the value (and refused by `check()`), not as an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.stillTime, valueName: "SECONDS"))
    var stillTime: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.stillFrame, valueName: "N"))
    var stillFrame: Int?

    /// Called from the command's `validate()`, after its own checks of the paths, so a command
    /// line with several faults is refused for the same one as before (a group's `validate()`
    /// would run first).
    func check() throws {
        if id != nil && newId { throw ValidationError("--id and --new-id cannot be used together") }
        if stillTime != nil && stillFrame != nil { throw ValidationError("--still-time and --still-frame cannot be used together") }
        if let t = stillTime, !t.isFinite || t < 0 { throw ValidationError("--still-time must be a number of seconds, 0 or more") }
        if let n = stillFrame, n < 0 { throw ValidationError("--still-frame must be 0 or more") }
    }

    var identifier: PairOptions.IdentifierChoice {
        if let id { return .given(id) }
        return newId ? .fresh : .automatic
    }

    var stillTimeChoice: PairOptions.StillTimeChoice {
        if let stillTime { return .seconds(stillTime) }
        return stillFrame.map { .frame($0) } ?? .middle
    }
}
