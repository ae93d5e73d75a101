import ArgumentParser
import LivePhotoKit
import StillImage

extension ChromaSubsampling: ExpressibleByArgument {}
extension StillFormat: ExpressibleByArgument {}

extension DecimalSeconds: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

struct MakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Make a Live Photo from a video alone: its own frame as the still.",
        discussion: """
        Decodes the frame shown at the still time (H.264 or HEVC, full resolution), converts it \
        from the video's colour matrix and range to the sRGB JPEG readers assume, and writes it \
        as <stem>.JPG (or, with --still-format heic, <stem>.HEIC) beside the movie (or in -o DIR) \
        with EXIF taken from the movie: capture date and zone, location, make and model, and the \
        orientation of the video's display matrix. Then it pairs the still and the movie exactly \
        as 'pair' does (an MP4 becomes a new QuickTime <stem>.MOV). An existing still is never \
        overwritten.

        Given folders, it makes a still for every movie that has no still yet (see 'scan'), in \
        parallel, with a progress bar on a terminal.
        """
    )

    @Argument(help: ArgumentHelp("One or more movies (QuickTime .mov or MP4); or one or more folders.", valueName: "MOVIE... | DIR..."))
    var paths: [String] = []

    @OptionGroup var choices: PairChoiceOptions<MakeHelp>

    @Option(name: .long, help: ArgumentHelp("The still's format: jpeg (<stem>.JPG) or heic (<stem>.HEIC, encoded by libheif).",
                                            valueName: "jpeg|heic"))
    var stillFormat: StillFormat = MakeOptions().stillFormat

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("JPEG or HEIC quality, 1 to 100.", valueName: "Q"))
    var quality: Int = MakeOptions().quality

    @Option(name: .long, help: ArgumentHelp("JPEG chroma subsampling: 420 or 444 (a HEIC is 4:2:0).", valueName: "420|444"))
    var subsampling: ChromaSubsampling = MakeOptions().subsampling

    @Flag(name: .long, help: "Make a wallpaper-grade Live Photo (the camera's structure): a movie whose video already complies (HEVC 8-bit SDR, long side <= 1920, ~30 fps, 1-5 s, timescale 600) keeps its video samples byte for byte; any other is trimmed to about 3 s around the still and re-encoded as HEVC. Written as a new <stem>-wallpaper.MOV + .JPG beside the movie or in -o DIR (the input is never changed; existing files are never overwritten). MOVIE only.")
    var wallpaper = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --wallpaper: the span starts here on the movie timeline (default: about 3 s around the still; the still defaults to the span's middle). A chosen span is re-encoded.", valueName: "SECONDS"))
    var start: DecimalSeconds?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --wallpaper: the span lasts this long, 1 to 5 (default 3, or to the video's end).", valueName: "SECONDS"))
    var duration: DecimalSeconds?

    @OptionGroup var batch: WriteOptions<MakeHelp>
    @OptionGroup var work: RunOptions<MakeHelp>

    enum Inputs { case movies([String]), folders([String]) }

    /// Files or folders, by the one rule of `InputMode`.
    func inputs() throws -> Inputs {
        if work.filesFrom != nil { return .folders([]) }
        switch try InputMode.decide(paths) {
        case .files(let movies): return .movies(movies)
        case .folders(let folders): return .folders(folders)
        }
    }

    func validate() throws {
        try work.checkFileList(paths: paths)
        if paths.isEmpty && work.filesFrom == nil { throw ValidationError("give one or more movies or folders, or --files-from FILE") }
        if choices.id != nil {
            if work.isBatch(paths) { throw ValidationError("--id names one identifier; with folders every movie gets its own") }
            if paths.count > 1 { throw ValidationError("--id names one identifier; give one movie") }
        }
        try choices.check()
        if wallpaper, InputMode.isFolders(paths) { throw ValidationError("--wallpaper takes movies, not folders") }
        if !wallpaper, start != nil || duration != nil { throw ValidationError("--start and --duration choose a wallpaper's span; use them with --wallpaper") }
        if let duration, let problem = MakeOptions.wallpaperDurationProblem(duration) { throw ValidationError(problem) }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be 1 to 100") }
    }

    func run() throws {
        var options = choices.applied(to: MakeOptions(), writing: batch)
        options.stillFormat = stillFormat
        options.quality = quality
        options.subsampling = subsampling
        options.wallpaper = wallpaper
        options.wallpaperStart = start
        options.wallpaperDuration = duration
        switch try inputs() {
        case .folders(let folders): try runBatch(folders, options: options)
        case .movies(let movies):
            let code = ExitStatus.combined(movies.map { runSingle($0, options: options, jsonLines: movies.count > 1) })
            if code != .ok { throw ExitCode(code) }
        }
    }

    func runBatch(_ folders: [String], options: MakeOptions) throws {
        // Each folder's outcomes are printed as soon as its movies are made; only counts are kept.
        var tally = BatchTally()
        let end = BatchOperations.make(roots: try work.source(folders: folders), options: options, jobs: work.jobs, progress: work.progress("make")) { part in
            tally.add(part)
            BatchText.report(part.work, json: work.json, quiet: work.quiet) { o in
                switch o.status {
                case .failed: return nil
                case .dryRun: return "would make \(o.still ?? "-") + \(o.movie ?? "-")  (\(o.identifier ?? ""), \(Console.seconds(o.stillTime)))"
                case .alreadyMade: return "already made \(o.still ?? "-") + \(o.movie ?? "-")  (\(o.identifier ?? ""))"
                default: return "made \(o.still ?? "-") + \(o.movie ?? "-")  (\(o.identifier ?? ""), \(Console.seconds(o.stillTime)))"
                }
            }
        }
        for folder in end.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
        if !work.quiet {
            let count = { (s: BatchOutcome.Status) in tally.outcomes[s] ?? 0 }
            Console.error("make: \(CountedNoun.text(tally.outcomeCount, "movie")) without a still: \(count(.made)) made, \(count(.alreadyMade)) already made, \(count(.dryRun)) dry-run, \(count(.failed)) failed; "
                          + "\(CountedNoun.text(tally.count(LibraryFinding.Kind.paired), "Live Photo")) already there (\(CountedNoun.text(end.filesRead, "file")) read)")
        }
        let code = tally.exitCode(end)
        if code != .ok { throw ExitCode(code) }
    }

    /// Makes one movie's still; prints the result and returns the exit code.
    func runSingle(_ movie: String, options: MakeOptions, jsonLines: Bool) -> ExitStatus {
        let result: MakeResult
        do {
            result = try MakeOperation.run(movie: movie, options: options)
        } catch let error as LivePhotoError {
            Console.fileError(error)
            return error.category
        } catch {
            return Console.report(error, path: movie)
        }
        // With --json the warnings are in the JSON, as for convert.
        if !work.quiet && !work.json { for w in result.warnings { Console.warning(w, path: movie) } }
        if work.quiet { return .ok }
        if work.json { print(jsonLines ? Console.jsonLine(result) : Console.json(result)); return .ok }
        switch result.status {
        case .alreadyMade: print("already made: \(result.still) + \(result.movieOutput)")
        case .dryRun: print("would make \(result.still) from \(result.movie)")
        case .made: print("made \(result.still) from \(result.movie)")
        }
        print("  identifier: \(result.identifier)")
        if result.status != .alreadyMade {
            print("  still time: \(Console.seconds(result.stillTime))")
            print("  frame: \(result.width)x\(result.height) \(result.codec ?? "?"), \(result.colour ?? "?"), orientation \(result.orientation)")
            let verb = result.status == .dryRun ? "would write" : "wrote"
            print("  \(verb): \(result.still)")
            if result.movieWrite == .none {
                print("  unchanged: \(result.movieOutput) (it already carries the identifier and marks this still)")
            } else {
                print("  \(verb): \(result.movieOutput) (\(result.movieWrite.rawValue))")
            }
        }
        return .ok
    }

    enum MakeHelp: BatchOptionsHelp, PairChoiceHelp {
        static let choices = PairChoiceHelpText(id: "Use this identifier (a UUID); one movie only.", newId: "Write a fresh identifier even if the movie carries one.",
                                                stillTime: "The still is the frame shown at this time (default: the middle of the video).",
                                                stillFrame: "The still is video frame N (0-based, presentation order).")
        static let text = BatchHelpText(jobs: "Folders: movies worked on at once (default: the number of cores).",
                                        json: "Print the result as JSON (JSON Lines for several movies or folders).",
                                        output: "Write the still and the paired movie into DIR; the movie is left untouched.", dryRun: "Decode the frame and report what would be done; write nothing.")
    }
}
