import ArgumentParser
import LivePhotoKit

/// Live → Motion: the phone gallery whose own markers are written beside Google's (one at most).
enum GalleryFlag: String, EnumerableFlag {
    case samsung, oppo, huawei

    var gallery: MotionPhotoGallery {
        switch self { case .samsung: .samsung; case .oppo: .oppo; case .huawei: .huawei }
    }

    static func help(for value: GalleryFlag) -> ArgumentHelp? {
        switch value {
        case .samsung: "Live → Motion: also write the Samsung SEF trailer that Samsung Gallery looks for."
        case .oppo: "Live → Motion: also write what ColorOS Gallery (OPPO, OnePlus, realme) looks for: OpCamera XMP and EXIF UserComment oplus_<flags> (JPEG still)."
        case .huawei: "Live → Motion: also write the LIVE_ trailer Huawei/Honor galleries look for (JPEG still)."
        }
    }
}

/// Which way `convert DIR...` goes.
enum ConvertTarget: String, ExpressibleByArgument, CaseIterable {
    case live, motion
}

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert Android Motion Photos to Live Photo pairs and back, losslessly.",
        discussion: """
        MOTION...: each Motion Photo (Google v1, MicroVideo, Samsung JPEG and HEIC, Huawei/Honor) becomes a still + a \
        QuickTime .MOV: the image bytes as they are (Motion Photo XMP and video removed, a gain \
        map kept), the MP4's samples copied into the .MOV, the still-image-time at the \
        presentation timestamp. STILL MOVIE: a Live Photo pair becomes <stem>.MP.jpg (<stem>.MP.HEIC, \
        video in an 'mpvd' box, for a HEIC still). DIR...: \
        every Motion Photo found becomes a pair, or with --to motion every Live Photo pair found \
        becomes a Motion Photo; a Motion Photo whose video an export split off beside it \
        (X.MP.jpg + X.MP or X.MP.mp4) becomes X.jpg + X.MOV from the two, and one whose video \
        is missing with none beside it is reported (exit 3). Inputs are never modified and outputs never overwrite a file \
        (a _1, _2, ... suffix is added). One bad file never stops a batch.
        """
    )

    @Argument(help: ArgumentHelp("Motion Photos; or a Live Photo STILL MOVIE; or folders.", valueName: "MOTION... | STILL MOVIE | DIR..."))
    var paths: [String] = []

    @Option(name: .long, help: "Folders: convert Motion Photos to Live Photos (live, the default) or Live Photo pairs to Motion Photos (motion).")
    var to: ConvertTarget?

    @Option(name: .long, help: ArgumentHelp("Motion → Live: use this identifier (a UUID).", valueName: "UUID"), transform: IdentifierArgument.parse)
    var id: String?

    @Flag(exclusivity: .exclusive)
    var gallery: GalleryFlag?

    /// Accepted as before; `convert` now always does it: it writes a new still, so a foreign
    /// MakerNote is left out of the output (with a note) and the input keeps it.
    @Flag(name: .long, help: .hidden)
    var replaceMakerNote = false

    @OptionGroup var batch: WriteOptions<ConvertHelp>
    @OptionGroup var lock: LockWaitOption<ConvertHelp>
    @OptionGroup var work: RunOptions<ConvertHelp>

    enum Mode {
        case motionPhotos([String])
        case livePhoto(still: String, movie: String)
        case folders([String])
    }

    /// Files or folders by the one rule of `InputMode`; files are STILL MOVIE or Motion Photos.
    func mode() throws -> Mode {
        if work.filesFrom != nil { return .folders([]) }
        if case .folders(let folders) = try InputMode.decide(paths) { return .folders(folders) }
        // With --to motion two files can only be STILL MOVIE: a movie too damaged to be told
        // one is then refused by name, as any damaged input is, not as a usage error.
        if paths.count == 2, to == .motion || (try? FileKind.detect(path: paths[1]))?.isMovie == true {
            if to == .live { throw ValidationError("--to live needs Motion Photos or folders; STILL MOVIE always becomes a Motion Photo") }
            return .livePhoto(still: paths[0], movie: paths[1])
        }
        if to == .motion { throw ValidationError("--to motion needs STILL MOVIE or folders") }
        return .motionPhotos(paths)
    }

    func validate() throws {
        try work.checkFileList(paths: paths)
        if paths.isEmpty && work.filesFrom == nil { throw ValidationError("give Motion Photos, a STILL MOVIE or folders, or --files-from FILE") }
        // A refused path is reported by run(), through InputMode.decide; nothing is printed here.
        guard case .success = InputMode.classify(paths) else { return }
        if case .folders = try mode(), id != nil { throw ValidationError("--id names one identifier; with folders every conversion gets its own") }
        if case .motionPhotos(let files) = try mode(), files.count > 1, id != nil { throw ValidationError("--id names one identifier; give one Motion Photo with it") }
    }

    func run() throws {
        var options = ConvertOptions()
        if let id { options.identifier = .given(id) }
        options.outputDirectory = batch.output
        options.dryRun = batch.dryRun
        options.gallery = gallery?.gallery ?? .google
        options.lockWait = lock.wait
        let results: [ConvertResult]
        switch try mode() {
        case .folders(let folders): return try runBatch(folders, options: options)
        case .livePhoto(let still, let movie):
            results = [ConvertBatch.convert(.liveToMotion, input: still) { try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options) }]
        case .motionPhotos(let files):
            let bar = files.count > 1 ? work.progress("convert") : nil
            bar?.start(total: files.count)
            results = ParallelWork.map(count: files.count, jobs: work.jobs, progress: { bar?.update(done: $0) }) { i in
                ConvertBatch.convert(.motionToLive, input: files[i]) { try MotionPhotoToLivePhoto.run(path: files[i], options: options) }
            }
            bar?.finish()
        }
        report(results, oneDocument: results.count == 1)
        let code = ConvertBatch.exitCode(results, scan: nil)
        if code != .ok { throw ExitCode(code) }
    }

    /// Folders: each folder's results are printed as soon as they are durable; only counts are kept.
    func runBatch(_ folders: [String], options: ConvertOptions) throws {
        let source = try work.source(folders: folders)
        var counts: [ConvertStatus: Int] = [:], total = 0
        var code = ExitStatus.ok
        let each = { (part: ConvertPart) in
            for r in part.work { counts[r.status, default: 0] += 1 }
            total += part.work.count
            code = ExitStatus.combined([code] + part.work.map(\.exitCode))
            report(part.work, oneDocument: false)
        }
        // One bar over the files read (Motion → Live converts each file as it is read).
        let end = to == .motion
            ? ConvertBatch.toMotionPhotos(roots: source, options: options, jobs: work.jobs, progress: work.progress("convert"), each: each)
            : ConvertBatch.toLivePhotos(roots: source, options: options, jobs: work.jobs, progress: work.progress("convert"), each: each)
        for folder in end.unreadableFolders { Console.error("livephoto: \(folder.path): \(folder.reason)") }
        if !work.quiet {
            let count = { (s: ConvertStatus) in counts[s] ?? 0 }
            Console.error("convert: \(total - count(.unreadable)) to convert: \(count(.converted)) converted, \(count(.alreadyConverted)) already converted, "
                          + "\(count(.dryRun)) dry-run, \(count(.failed)) failed; \(count(.unreadable)) unreadable (\(CountedNoun.text(end.filesRead, "file")) read)")
        }
        code = ExitStatus.combined([code], unreadableFolders: !end.unreadableFolders.isEmpty)
        if code != .ok { throw ExitCode(code) }
    }

    func report(_ results: [ConvertResult], oneDocument: Bool) {
        for r in results {
            if r.status == .failed || r.status == .unreadable, let e = r.error { Console.error("livephoto: \(Console.oneLine(e))") }
            if !work.quiet && !work.json { for w in r.warnings ?? [] { Console.warning(w, path: r.input) } }
            if work.json {
                print(oneDocument ? Console.json(r) : Console.jsonLine(r))
                continue
            }
            guard !work.quiet, r.status != .failed, r.status != .unreadable else { continue }
            let verb = r.status == .dryRun ? "would convert" : r.status == .alreadyConverted ? "already converted" : "converted"
            let outputs = [r.still, r.movie, r.motionPhoto].compactMap { $0 }.joined(separator: " + ")
            var line = "\(verb) \(r.input)\(r.inputMovie.map { " + \($0)" } ?? "") -> \(outputs)"
            if let id = r.identifier { line += "  (\(id), \(Console.seconds(r.stillTime?.seconds)))" }
            print(line)
        }
    }

    enum ConvertHelp: BatchOptionsHelp, LockWaitHelp {
        static let lockWait = "Wait this long for another livephoto working on the same input files, then give up as busy (exit 4)."
        static let text = BatchHelpText(jobs: "Files converted at once (default: the number of cores).",
                                        json: "Print JSON: one document for one conversion, JSON Lines for several.",
                                        output: "Write the outputs into DIR (default: beside the input).")
    }
}
