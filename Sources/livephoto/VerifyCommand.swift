import ArgumentParser
import LivePhotoKit

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a still and a movie will import as one Live Photo.",
        discussion: """
        Errors (✗, the pair is invalid): still-identifier, movie-identifier, identifier-format \
        (UUID), identifiers-equal, video-track, still-image-time-track (exactly one), \
        still-image-time-in-range (its sample within the video).

        Warnings (!, reported, the pair stays valid): still-image-time-value, \
        still-image-time-camera-value (-1), still-image-time-reference (tref/cdsc to the video), \
        still-image-time-on-frame (on a frame's start), quicktime-brand, video-codec \
        (H.264/HEVC), still-decodes, aspect-ratio (within 1%, rotation applied). --strict makes \
        every warning an error.

        --wallpaper adds the wallpaper-* checks (errors, but wallpaper-playback-intent, a \
        warning): the structure iOS 17+ looks for in a Live wallpaper. iOS also decides on the \
        device (motion, hardware), so passing them is necessary, not sufficient.

        Given folders, it verifies every pair 'scan' finds (by identifier or by name), in \
        parallel, one line per pair and a summary; there the full decode (still-decodes) runs \
        only with --strict.

        Exit codes: 0 valid; 1 not a valid Live Photo pair (any, for folders); 2 usage error; \
        3 a file is unreadable or not a still/movie.
        """
    )

    @Argument(help: ArgumentHelp("The still (JPEG or HEIC) and the movie (QuickTime .mov or MP4); or one or more folders, to verify every pair found in them.", valueName: "STILL MOVIE | DIR"))
    var paths: [String] = []

    @Flag(name: .long, help: "Treat every warning (what cameras write but Photos is not known to need) as an error.")
    var strict = false

    @Flag(name: .long, help: "Also check the camera's wallpaper structure (HEVC 8-bit SDR, long side <= 1920, ~30 fps, 1-5 s, timescale 600, live-photo-info and video-orientation tracks, the three-key still track at >= 0.2 s, the top-level keys). STILL MOVIE only.")
    var wallpaper = false

    @OptionGroup var lock: LockWaitOption<VerifyHelp>

    @OptionGroup var options: RunOptions<VerifyHelp>

    func validate() throws {
        try options.checkPairInputs(paths: paths)
        if wallpaper, paths.count != 2 { throw ValidationError("--wallpaper takes one STILL and one MOVIE") }
    }

    func run() throws {
        if options.filesFrom == nil, let (still, movie) = try InputMode.pairOrFolders(paths) {
            try runSingle(still: still, movie: movie)
        } else if wallpaper {
            throw ValidationError("--wallpaper takes one STILL and one MOVIE, not folders")
        } else {
            try runBatch(paths)
        }
    }

    func runBatch(_ folders: [String]) throws {
        // Each folder's outcomes are printed as soon as its pairs are verified; only counts are kept.
        var tally = BatchTally()
        let end = BatchOperations.verify(roots: try options.source(folders: folders), strict: strict, lockWait: lock.wait, jobs: options.jobs,
                                         progress: options.progress("verify")) { part in
            tally.add(part)
            BatchText.report(part.work, json: options.json, quiet: options.quiet) { o in
                switch o.status {
                case .valid:
                    let warnings = o.warningChecks ?? []
                    return "✓ \(o.still ?? "-") + \(o.movie ?? "-")" + (warnings.isEmpty ? "" : " (warnings: \(warnings.joined(separator: ", ")))")
                case .invalid: return "✗ \(o.still ?? "-") + \(o.movie ?? "-"): \((o.failedChecks ?? []).joined(separator: ", "))"
                default: return nil
                }
            }
        }
        if !options.quiet {
            for folder in end.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
            Console.error("verify: \(CountedNoun.text(tally.pairCount, "pair")): \(tally.count(.valid)) valid, \(tally.count(.invalid)) invalid, \(tally.count(.failed)) failed, "
                          + "\(CountedNoun.text(tally.unreadableFiles, "unreadable file")) (\(CountedNoun.text(end.filesRead, "file")) read)")
        }
        let code = tally.exitCode(end)
        if code != .ok { throw ExitCode(code) }
    }

    func runSingle(still: String, movie: String) throws {
        let report: VerifyReport
        do {
            report = try Verifier.verify(still: still, movie: movie, strict: strict, lockWait: lock.wait, wallpaper: wallpaper)
        } catch {
            let e = LivePhotoError.wrap(error, path: movie)
            if !options.quiet { Console.fileError(e) }
            throw ExitCode(e.readFailureStatus)
        }
        if !options.quiet {
            if options.json {
                print(Console.json(report))
            } else {
                for c in report.checks { print("\(c.notChecked == true ? "-" : c.passed ? "✓" : c.level == .error ? "✗" : "!") \(c.name): \(c.detail)") }
                let errors = report.errors.count, warnings = report.warnings.count
                let warned = warnings == 0 ? "" : ", " + CountedNoun.text(warnings, "warning")
                let notChecked = report.checks.filter { $0.notChecked == true }.count
                let skipped = notChecked == 0 ? "" : ", \(notChecked) not checked"
                print(report.valid ? "valid Live Photo pair (\(report.checks.filter(\.passed).count) of \(report.checks.count) checks passed\(warned)\(skipped))"
                                   : "NOT a valid Live Photo pair (\(errors) of \(report.checks.count) checks failed\(warned)\(skipped))")
            }
        }
        if !report.valid { throw ExitCode(ExitStatus.invalidPair) }
    }

    enum VerifyHelp: BatchOptionsHelp, LockWaitHelp {
        static let lockWait = "Wait this long for a livephoto pairing the same files, then give up as busy (exit 4)."
        static let text = BatchHelpText(jobs: "Folders: pairs verified at once (default: the number of cores).", quiet: "Print nothing; only set the exit code.",
                                        json: "Print one JSON document with every check.")
    }
}
