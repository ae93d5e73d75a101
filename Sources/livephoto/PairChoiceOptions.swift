import ArgumentParser
import LivePhotoKit

/// What one command says about `--id`, `--new-id`, `--still-time` and `--still-frame` (the
/// options are one definition, their help stays in each command's own words).
struct PairChoiceHelpText {
    var id: String
    var newId: String
    var stillTime: String
    var stillFrame: String
}

/// A command's `PairChoiceHelpText`, as a type the option group is generic over.
protocol PairChoiceHelp {
    static var choices: PairChoiceHelpText { get }
}

/// `--id/--new-id` and `--still-time/--still-frame`: the identifier and the still's time of the
/// pair that `pair` and `make` write, checked and handed on the same way by both.
struct PairChoiceOptions<Help: PairChoiceHelp>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(Help.choices.id, valueName: "UUID"), transform: IdentifierArgument.parse)
    var id: String?

    @Flag(name: .long, help: ArgumentHelp(Help.choices.newId))
    var newId = false

    // `.unconditional`: "-1" is taken as the value (and refused by `check()`), not as an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.choices.stillTime, valueName: "SECONDS"))
    var stillTime: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.choices.stillFrame, valueName: "N"))
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

    /// `settings` with these choices and `-o DIR`/`--dry-run` set, as `pair` and `make` both set them.
    func applied<Settings: PairSettings>(to settings: Settings, writing: WriteOptions<Help>) -> Settings where Help: BatchOptionsHelp {
        var s = settings
        s.identifier = identifier
        s.stillTime = stillTimeChoice
        s.outputDirectory = writing.output
        s.dryRun = writing.dryRun
        return s
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

/// What `pair` and `make` are told alike: the identifier, the still's time, where they write
/// and whether they only say what they would do.
protocol PairSettings {
    var identifier: PairOptions.IdentifierChoice { get set }
    var stillTime: PairOptions.StillTimeChoice { get set }
    var outputDirectory: String? { get set }
    var dryRun: Bool { get set }
}

extension PairOptions: PairSettings {}
extension MakeOptions: PairSettings {}
