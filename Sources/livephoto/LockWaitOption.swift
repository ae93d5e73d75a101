import ArgumentParser
import BinaryIO

/// What one command says about `--wait` (the option is one definition, its help stays in each
/// command's own words).
protocol LockWaitHelp {
    static var lockWait: String { get }
}

/// `--wait SECONDS`: how long to wait for another livephoto holding locks on the same files
/// before giving up as busy (exit 4). Used by pair and verify, with the library's default.
struct LockWaitOption<Help: LockWaitHelp>: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Help.lockWait, valueName: "SECONDS"), transform: OptionValues.waitSeconds)
    var wait: Double = FileLockSet.defaultWait
}
