import ArgumentParser
import LivePhotoKit

struct PairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Bind a still and a movie into a Live Photo, losslessly.",
        discussion: """
        Writes one identifier into the still's Apple MakerNote (tag 17) and the movie's \
        com.apple.quicktime.content.identifier. The movie's own still-image-time track is kept \
        as it is (or, with --still-time/--still-frame, only its sample is moved); a movie \
        without a usable one gets a new track. The still time always lands exactly on a frame. \
        Only metadata changes: image data, media samples and every other segment or box are \
        copied byte for byte. Files are edited in place (safely: never left half-written) unless \
        -o DIR is given. An .mp4/.m4v movie is written as a new QuickTime <stem>.MOV beside it. \
        Every file written keeps its owner, group, mode, extended attributes and modification \
        time (--touch: new times); linked files are edited at their targets; a file with other \
        hard links is refused unless --split-hard-links; an existing output that is not this \
        pair's is never overwritten.

        Identifier: reused when both files already carry the same one (then nothing is \
        written: "already paired") or when only one side has one; otherwise a fresh UUID.

        Given folders, it pairs every candidate 'scan' finds (matched by identifier or name, \
        not yet paired; a Motion Photo's split-off X.MP/X.MP.mp4 video with its X.MP.jpg) \
        with the same rules, in parallel, with a progress bar on a terminal; one bad file is \
        reported and counted, and never stops the batch. With --by-time, also a still and a \
        movie of different names taken at the same moment (within 2 s), when each is the \
        other's only match in the folder; ambiguous ones are reported and left alone. The \
        exit code is non-zero when any pair failed.
        """
    )

    @Argument(help: ArgumentHelp("The still (JPEG or HEIC) and the movie (QuickTime .mov, or MP4); or one or more folders, to pair every candidate found in them (see 'scan').", valueName: "STILL MOVIE | DIR"))
    var paths: [String] = []

    @OptionGroup var choices: PairChoiceOptions<PairHelp>

    @Flag(name: .long, help: "Replace a foreign (non-Apple) MakerNote, losing its contents.")
    var replaceMakerNote = false

    @Flag(name: .long, help: "Give the written files new modification times (by default each keeps its original's).")
    var touch = false

    @Flag(name: .long, help: "Pair a file that has other hard links by writing a new file under this name only (by default refused).")
    var splitHardLinks = false
    @OptionGroup var lock: LockWaitOption<PairHelp>
    @Flag(name: .long, help: "Folders: also pair a still and a movie whose names differ but whose capture times match (each the other's only match in its folder).")
    var byTime = false

    @Flag(name: .long, help: "Keep (or put) the movie's moov before its media, for streaming, by rewriting the whole file (default: a constant-time edit that appends a new moov at the end).")
    var faststart = false
    @Flag(name: .long, help: "Bring the movie into the camera's wallpaper structure (live-photo-info and video-orientation tracks, the three-key still track, the top-level keys) when its video already complies (HEVC 8-bit SDR, long side <= 1920, ~30 fps, 1-5 s, timescale 600); otherwise say what would have to be re-encoded and write nothing. STILL MOVIE only.")
    var wallpaper = false

    @OptionGroup var batch: WriteOptions<PairHelp>
    @OptionGroup var work: RunOptions<PairHelp>

    func validate() throws {
        try work.checkPairInputs(paths: paths)
        if work.isBatch(paths), choices.id != nil {
            throw ValidationError("--id names one identifier; with folders every pair gets its own (use --new-id to force fresh ones)")
        }
        if byTime && !work.isBatch(paths) { throw ValidationError("--by-time matches files in folders; give folders") }
        try choices.check()
        if wallpaper, work.isBatch(paths) { throw ValidationError("--wallpaper takes one STILL and one MOVIE, not folders") }
    }

    func run() throws {
        var options = choices.applied(to: PairOptions(), writing: batch)
        options.replaceForeignMakerNote = replaceMakerNote
        options.touch = touch
        options.splitHardLinks = splitHardLinks
        options.lockWait = lock.wait
        options.stop = ProcessSignals.catchStopSignals()
        options.faststart = faststart
        options.wallpaper = wallpaper
        if work.filesFrom == nil, let (still, movie) = try InputMode.pairOrFolders(paths) {
            try runSingle(still: still, movie: movie, options: options)
        } else {
            try runBatch(paths, options: options)
        }
    }

    func runBatch(_ folders: [String], options: PairOptions) throws {
        // Each folder's outcomes are printed as soon as its candidates are paired; only counts are kept.
        var tally = BatchTally()
        let end = BatchOperations.pair(roots: try work.source(folders: folders), options: options, byTime: byTime, jobs: work.jobs, progress: work.progress("pair")) { part in
            tally.add(part)
            BatchText.report(part.work, json: work.json, quiet: work.quiet) { o in
                switch o.status {
                case .failed, .interrupted: return nil
                case .dryRun: return "would pair \(o.still ?? "-") + \(o.movie ?? "-")  (\(o.identifier ?? ""), \(Console.seconds(o.stillTime)), \(stillImageTime(o)))"
                default: return "\(o.status.rawValue) \(o.still ?? "-") + \(o.movie ?? "-")  (\(o.identifier ?? ""), \(Console.seconds(o.stillTime)), \(stillImageTime(o)))"
                }
            }
        }
        for folder in end.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
        if !work.quiet {
            Console.error("pair: \(CountedNoun.text(tally.pairCount, "candidate")): \(tally.count(BatchOutcome.Status.paired)) paired, \(tally.count(.alreadyPaired)) already paired, "
                          + "\(tally.count(.dryRun)) dry-run, \(tally.count(.failed)) failed, \(CountedNoun.text(tally.unreadableFiles, "unreadable file")); "
                          + "\(CountedNoun.text(tally.count(LibraryFinding.Kind.paired), "Live Photo")) already there, "
                          + "\(CountedNoun.text(tally.count(.identifierMismatch), "identifier mismatch", plural: "identifier mismatches")) and "
                          + "\(CountedNoun.text(tally.count(.captureTimeMismatch), "capture-time mismatch", plural: "capture-time mismatches")) left alone"
                          + "\(timeNote(tally)) (\(CountedNoun.text(end.filesRead, "file")) read)")
            if let signal = options.stop?.signal {
                Console.error("pair: interrupted by \(StopRequest.name(of: signal)): \(tally.count(.interrupted)) candidates not paired, left as they were")
            }
        }
        if let signal = options.stop?.signal { throw ExitCode(ExitStatus.stopped(by: signal)) }
        let code = tally.exitCode(end)
        if code != .ok { throw ExitCode(code) }
    }

    /// What matching by capture time left: candidates not asked for, and ambiguous ones.
    func timeNote(_ tally: BatchTally) -> String {
        let unpaired = byTime ? 0 : tally.captureTimeOnlyCandidates
        var note = tally.count(.captureTimeAmbiguous) > 0 ? ", \(tally.count(.captureTimeAmbiguous)) ambiguous by capture time left alone" : ""
        if unpaired > 0 { note += ", \(unpaired) matched by capture time only left alone (pair --by-time pairs them)" }
        return note
    }

    /// "still-image-time kept", with the note when there is one, and the movie's new date.
    func stillImageTime(_ o: BatchOutcome) -> String {
        "still-image-time \(o.stillImageTime?.rawValue ?? "-")" + (o.stillImageTimeNote.map { ": \($0)" } ?? "")
            + (o.movieDate.map { "; movie date \(MovieDateText.describe($0, dryRun: batch.dryRun))" } ?? "")
    }

    func runSingle(still: String, movie: String, options: PairOptions) throws {
        let result: PairResult
        do {
            result = try PairOperation.run(still: still, movie: movie, options: options)
        } catch let stopped as OperationInterrupted {
            Console.error("livephoto: \(still) + \(movie): \(stopped)")
            throw ExitCode(ExitStatus.stopped(by: stopped.signal))
        } catch let error as LivePhotoError {
            Console.fileError(error)
            throw ExitCode(error.category)
        } catch {
            throw ExitCode(Console.report(error, path: movie))
        }
        if !work.quiet { printResult(result) }
        // A signal that came during the commit: the pair was finished; say so by the exit code.
        if let signal = options.stop?.signal { throw ExitCode(ExitStatus.stopped(by: signal)) }
    }

    func printResult(_ result: PairResult) {
        if work.json { print(Console.json(result)); return }
        switch result.status {
        case .alreadyPaired:
            print("already paired: \(result.still) + \(result.movie)")
        case .dryRun:
            print("would pair \(result.still) + \(result.movie)")
        case .paired:
            print("paired \(result.still) + \(result.movie)")
        }
        print("  identifier: \(result.identifier)")
        print("  still time: \(Console.seconds(result.stillTime))")
        print("  still-image-time: \(result.stillImageTime.rawValue)")
        if let note = result.stillImageTimeNote { print("  note: \(note)") }
        if let date = result.movieDate { print("  movie date: \(MovieDateText.describe(date, dryRun: batch.dryRun))") }
        if let added = result.wallpaperAdded {
            print("  wallpaper: " + (added.isEmpty ? "the movie already has the camera's structure" : (batch.dryRun ? "would add " : "added ") + added.joined(separator: "; ")))
        }
        // Already paired: nothing, or (a movie without a date) the movie alone.
        let verb = batch.dryRun ? "would write" : "wrote"
        if result.status != .alreadyPaired || result.stillWrite != .none { print("  \(verb): \(result.stillOutput) (\(result.stillWrite.rawValue))") }
        if result.status != .alreadyPaired || result.movieWrite != .none { print("  \(verb): \(result.movieOutput) (\(result.movieWrite.rawValue))") }
    }

    enum PairHelp: BatchOptionsHelp, PairChoiceHelp, LockWaitHelp {
        static let lockWait = "Wait this long for another livephoto working on the same files, then give up as busy (exit 4)."
        static let choices = PairChoiceHelpText(id: "Use this identifier (a UUID).", newId: "Write a fresh identifier even if the files carry one.",
                                                stillTime: "Put the still at the frame shown at this time (default: keep the movie's own still-image-time track, else the middle frame).",
                                                stillFrame: "Put the still at video frame N (0-based, presentation order).")
        static let text = BatchHelpText(jobs: "Folders: pairs worked on at once (default: 4 per core, at most 16: a pair mostly waits for the disk).",
                                        json: "Print the result as JSON.",
                                        output: "Write new files into DIR and leave the originals untouched.")
        /// Read once, like `coreCount`.
        static let defaultJobs = ParallelWork.defaultDiskBoundJobs
    }
}

/// How `pair` prints a movie date it wrote (or would write).
enum MovieDateText {
    /// "2024-06-01T12:00:00+0200 (from EXIF)", "none written: ...".
    static func describe(_ date: MovieDate, dryRun: Bool) -> String {
        guard let written = date.creationDate else { return "none written" + (date.note.map { ": \($0)" } ?? "") }
        let source = date.source == .takeoutSidecar ? "from \(date.sidecar ?? "the Takeout sidecar")" : "from the still's EXIF"
        return (dryRun ? "would write " : "wrote ") + written + " (\(source))" + (date.note.map { "; \($0)" } ?? "")
    }
}
