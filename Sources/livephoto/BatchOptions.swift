import ArgumentParser
import LivePhotoKit

/// What one command says about the options every batch command shares: the options are one
/// definition, their help stays in each command's own words.
struct BatchHelpText {
    var jobs: String
    /// The usual wording, said here once; a command whose quiet run means more says its own.
    var quiet = "Print nothing on success."
    var json: String
    /// `-o DIR` and `--dry-run`: only commands that write (see `WriteOptions`).
    var output = ""
    var dryRun = "Report what would be done and write nothing."
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

    @Option(name: .long, help: ArgumentHelp("Work on the files listed in FILE (- for standard input), one path a line, instead of walking folders: the findings of those files in their folders.", valueName: "FILE"))
    var filesFrom: String?

    @Flag(name: .customLong("null"), help: "With --files-from: the paths are separated by NUL bytes (find -print0), so names may hold newlines.")
    var nulSeparated = false

    /// Whether the command works on a list or on folders (not on files given as arguments).
    func isBatch(_ paths: [String]) -> Bool { filesFrom != nil || InputMode.isFolders(paths) }

    /// For `validate()`: a list replaces the paths, and `--null` says how a list is separated.
    func checkFileList(paths: [String]) throws {
        if filesFrom != nil, !paths.isEmpty { throw ValidationError("--files-from lists the files to work on; give no folders or files with it") }
        if nulSeparated, filesFrom == nil { throw ValidationError("--null says how --files-from's list is separated; give --files-from FILE") }
        // Inside `batch`, stdin carries the requests: reading a list from it would eat them.
        if CommandOutput.isCaptured, filesFrom == "-" || filesFrom == "/dev/stdin" {
            throw ValidationError("--files-from - reads standard input, which carries batch's requests; give the list in a file")
        }
    }

    /// For `pair`'s and `verify`'s `validate()`: a list, or STILL MOVIE, or folders.
    func checkPairInputs(paths: [String]) throws {
        try checkFileList(paths: paths)
        if filesFrom == nil { try InputMode.validatePair(paths) }
    }

    /// The files to work on: the list (read now), else `folders` walked. A list that cannot
    /// be read is reported as `livephoto: FILE: reason` (exit 3).
    func source(folders: [String]) throws -> LibrarySource {
        guard let filesFrom else { return .folders(folders) }
        do { return .files(try FileList.read(from: filesFrom, separator: nulSeparated ? .nul : .newline)) } catch let error as LivePhotoError {
            Console.fileError(error)
            throw ExitCode(error.category)
        }
    }

    /// How `scan`'s next steps name what was scanned: the folders, or the same list.
    func sourceWords(folders: [String]) -> String {
        guard let filesFrom else { return folders.map(ScanTable.shellWord).joined(separator: " ") }
        return "--files-from " + ScanTable.shellWord(filesFrom) + (nulSeparated ? " --null" : "")
    }

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
