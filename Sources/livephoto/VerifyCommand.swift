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

        Given folders, it verifies every pair 'scan' finds (by identifier or by name), in \
        parallel, one line per pair and a summary.

        Exit codes: 0 valid; 1 not a valid Live Photo pair (any, for folders); 2 usage error; \
        3 a file is unreadable or not a still/movie.
        """
    )

    @Argument(help: ArgumentHelp("The still (JPEG or HEIC) and the movie (QuickTime .mov or MP4); or one or more folders, to verify every pair found in them.", valueName: "STILL MOVIE | DIR"))
    var paths: [String]

    @Option(name: .shortAndLong, help: "Folders: pairs verified at once (default: the number of cores).")
    var jobs: Int = ParallelWork.defaultJobs

    @Flag(name: .long, help: "Also check what Apple's own files have and picky importers want.")
    var strict = false

    @Flag(name: .long, help: "Print one JSON document with every check.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print nothing; only set the exit code.")
    var quiet = false

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be 1 or more") }
        _ = try InputMode.decide(paths)
    }

    func run() throws {
        switch try InputMode.decide(paths) {
        case .folders(let folders): try runBatch(folders)
        case .single(let still, let movie): try runSingle(still: still, movie: movie)
        }
    }

    func runBatch(_ folders: [String]) throws {
        let (scan, outcomes) = BatchOperations.verify(roots: folders, strict: strict, jobs: jobs,
                                                      scanProgress: ProgressReporter.forTerminal(label: "scan", quiet: quiet || json),
                                                      workProgress: ProgressReporter.forTerminal(label: "verify", quiet: quiet || json))
        if !quiet { for folder in scan.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") } }
        BatchText.report(outcomes, json: json, quiet: quiet) { o in
            switch o.status {
            case "valid": return "✓ \(o.still ?? "-") + \(o.movie ?? "-")"
            case "invalid": return "✗ \(o.still ?? "-") + \(o.movie ?? "-"): \((o.failedChecks ?? []).joined(separator: ", "))"
            default: return nil
            }
        }
        if !quiet {
            let pairs = outcomes.filter { $0.still != nil && $0.movie != nil }
            let count = { (s: String) in pairs.filter { $0.status == s }.count }
            Console.error("verify: \(pairs.count) pairs: \(count("valid")) valid, \(count("invalid")) invalid, \(count("failed")) failed, \(outcomes.count - pairs.count) unreadable files (\(scan.filesRead) files read)")
        }
        let code = BatchOperations.exitCode(outcomes, scan: scan)
        if code != 0 { throw ExitCode(code) }
    }

    func runSingle(still: String, movie: String) throws {
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
                for c in report.checks { print("\(c.notChecked == true ? "-" : c.passed ? "✓" : "✗") \(c.name): \(c.detail)") }
                let failed = report.checks.filter(\.failed).count
                print(report.valid ? "valid Live Photo pair (\(report.checks.filter(\.passed).count) checks passed)"
                                   : "NOT a valid Live Photo pair (\(failed) of \(report.checks.count) checks failed)")
            }
        }
        if !report.valid { throw ExitCode(ExitStatus.invalidPair) }
    }
}
