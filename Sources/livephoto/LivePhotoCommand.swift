import ArgumentParser
import Foundation
import LivePhotoKit

struct LivePhotoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "livephoto",
        abstract: "Assemble, inspect and verify Apple Live Photos on Linux.",
        discussion: """
        A Live Photo is a still (JPEG or HEIC) and a QuickTime movie bound by one UUID: the still's Apple \
        MakerNote tag 17 and the movie's com.apple.quicktime.content.identifier, plus a timed \
        still-image-time track marking where the still sits in the movie.

        Exit codes: 0 success; 1 not a valid Live Photo pair (verify); 2 usage error; \
        3 a file is missing, unreadable or not a still/movie; 4 refused or could not write.
        """,
        version: LivePhotoVersion.forConfiguration,
        subcommands: [InspectCommand.self, PairCommand.self, MakeCommand.self, ConvertCommand.self, VerifyCommand.self, ScanCommand.self, BatchCommand.self]
    )

    /// Runs the command line, mapping ArgumentParser's usage errors to exit code 2.
    static func runMain() {
        StandardDescriptors.fillMissing()
        ProcessSignals.ignoreFileSizeLimitSignal()
        ProcessSignals.limitMallocArenas()
        Foundation.exit(execute(RawArguments.decoded()))
    }

    /// Parses and runs one command line and returns its exit code: the process's, or (inside
    /// `batch`) one request's. Help and `--version` print to stdout and give 0; a usage error
    /// prints its message to stderr and gives 2.
    static func execute(_ arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return ExitStatus.ok.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return ExitStatus.ok.rawValue
            }
            Console.error(fullMessage(for: error))
            return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
        }
    }
}

enum LivePhotoVersion {
    static let number = "0.1.0"
    /// `--version`: the version alone on the first line, then the linked C libraries.
    static var string: String { ([number] + LibraryVersions.lines).joined(separator: "\n") }
    /// What the configuration carries: the library lines only when they will be printed. Looking
    /// them up (each library's loaded file) was an eighth of the start-up of every run.
    static var forConfiguration: String {
        CommandLine.arguments.contains { $0 == "--version" || $0 == "--experimental-dump-help" } ? string : number
    }
}
