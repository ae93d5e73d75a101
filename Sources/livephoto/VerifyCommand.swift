import ArgumentParser
import Foundation
import LivePhotoKit

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a still and a movie will import as one Live Photo.",
        discussion: """
        Checks: still-identifier, movie-identifier, identifier-format, identifiers-equal, \
        video-track, still-image-time-track (exactly one), still-image-time-value, \
        still-image-time-in-range, still-image-time-reference (tref/cdsc to the video). \
        --strict adds: quicktime-brand, video-codec (H.264/HEVC), still-decodes, aspect-ratio \
        (within 1%, rotation applied), still-image-time-camera-value (-1).

        Exit codes: 0 valid; 1 not a valid Live Photo pair; 2 usage error; 3 a file is \
        unreadable or not a still/movie.
        """
    )

    @Argument(help: "The still (JPEG).")
    var still: String

    @Argument(help: "The movie (QuickTime .mov or MP4).")
    var movie: String

    @Flag(name: .long, help: "Also check what Apple's own files have and picky importers want.")
    var strict = false

    @Flag(name: .long, help: "Print one JSON document with every check.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing; only set the exit code.")
    var quiet = false

    func run() throws {
        let report: VerifyReport
        do {
            report = try Verifier.verify(still: still, movie: movie, strict: strict)
        } catch {
            let e = LivePhotoError.wrap(error, path: movie)
            if !quiet { Console.fileError(e) }
            throw ExitCode(ExitStatus.unreadable)
        }
        if !quiet {
            if json {
                print(Console.json(report))
            } else {
                for c in report.checks { print("\(c.passed ? "✓" : "✗") \(c.name): \(c.detail)") }
                let failed = report.checks.filter { !$0.passed }.count
                print(report.valid ? "valid Live Photo pair (\(report.checks.count) checks passed)"
                                   : "NOT a valid Live Photo pair (\(failed) of \(report.checks.count) checks failed)")
            }
        }
        if !report.valid { throw ExitCode(ExitStatus.invalidPair) }
    }
}
