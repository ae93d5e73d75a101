import ArgumentParser
import LivePhotoKit

/// What one command says about the options every batch command shares: the options are one
/// definition, their help stays in each command's own words.
struct BatchHelpText {
    var jobs: String
    var quiet: String
    var json: String
    /// `-o DIR` and `--dry-run`: only commands that write (see `WriteOptions`).
    var output = ""
    var dryRun = ""
}

/// A command's `BatchHelpText`, as a type the option groups are generic over.
protocol BatchOptionsHelp {
    static var text: BatchHelpText { get }
    /// `-j`'s default: the core count, unless the command's work mostly waits for the disk.
    static var defaultJobs: Int { get }
}

extension BatchOptionsHelp {
    static var defaultJobs: Int { coreCount }
}

/// The core count, read once: ArgumentParser builds an option group hundreds of times while
/// parsing, and each read of the count parses cgroup files.
let coreCount = ParallelWork.defaultJobs

/// `-j`, `-q`, `--json`: how a command works through folders and what it prints. Used by
/// every command that takes folders (pair, make, convert, verify, scan).
struct RunOptions<Help: BatchOptionsHelp>: ParsableArguments {
    @Option(name: .shortAndLong, parsing: .unconditional, help: ArgumentHelp(Help.text.jobs, valueName: "N"), transform: OptionValues.jobs)
    var jobs: Int = Help.defaultJobs

    @Flag(name: .shortAndLong, help: ArgumentHelp(Help.text.quiet))
    var quiet = false

    @Flag(name: .long, help: ArgumentHelp(Help.text.json))
    var json = false

    /// A progress bar on a terminal, unless the output is quiet or JSON.
    func progress(_ label: String) -> ProgressReporter? {
        Console.progress(label, quiet: quiet || json)
    }
}

/// `-o DIR` and `--dry-run`: the commands that write (pair, make, convert), beside `RunOptions`.
struct WriteOptions<Help: BatchOptionsHelp>: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp(Help.text.output, valueName: "DIR"))
    var output: String?

    @Flag(name: .long, help: ArgumentHelp(Help.text.dryRun))
    var dryRun = false
}
