/// `convert DIR` and a Motion Photo whose video an export split off (`X.MP.jpg`, its video gone
/// or its offsets stale, beside `X.MP` or `X.MP.mp4`): there is no video inside to extract, so
/// the still and the split-off movie become a Live Photo the way `pair` makes one, written as a
/// conversion writes: new files `X.jpg` + `X.MOV` beside the input (or in `-o DIR`), a suffix
/// when a name is taken, the inputs untouched; a rerun finds its own outputs and says so.
enum SplitMotionPhotoPairs {
    /// The scan's name-matched candidates whose still lost its Motion Photo video, paired.
    static func convert(_ scan: LibraryScan, options: ConvertOptions, jobs: Int) -> [ConvertResult] {
        let missing = Set(scan.files.lazy.filter { $0.motionVideoMissing != nil }.map(\.path))
        let work = scan.candidates.compactMap { f -> (still: String, movie: String)? in
            guard let still = f.still, let movie = f.movie, missing.contains(still) else { return nil }
            return (still, movie)
        }
        return ParallelWork.map(count: work.count, jobs: jobs) { i in
            let (still, movie) = work[i]
            return ConvertBatch.convert(.motionToLive, input: still) {
                let directory = try ConvertOutputNames.directory(for: still, outputDirectory: options.outputDirectory)
                let (names, _) = try ConvertOutputNames.free(directory: directory, stem: ConvertOutputNames.livePhotoStem(still), extensions: ["jpg", "MOV"],
                                                            avoiding: [still, movie]) { names in
                    // This pair's earlier output (`pair` checks it again and reports it already paired).
                    ExistingOutputs.sameImageData(names[0], still) && ExistingOutputs.sameVideoSamples(names[1], movie) ? .complete(identifier: "") : .taken
                }
                defer { ConvertedOutput.release(names) }
                var pair = PairOptions()
                pair.identifier = options.identifier
                pair.outputPaths = NewOutputPaths(still: names[0], movie: names[1])
                pair.dryRun = options.dryRun
                let paired = try PairOperation.run(still: still, movie: movie, options: pair)
                var result = ConvertResult(direction: .motionToLive, status: status(paired.status), input: still)
                result.inputMovie = movie
                result.still = paired.stillOutput
                result.movie = paired.movieOutput
                result.identifier = paired.identifier
                result.stillTime = ReportedSeconds(exactly: paired.stillTime)
                return result
            }
        }
    }

    /// Motion Photos whose video is missing with none split off beside them: nothing to convert,
    /// reported (as a broken Motion Photo always was) rather than passed over.
    static func withoutVideo(_ scan: LibraryScan) -> [ConvertResult] {
        scan.findings.filter { $0.finding == .motionPhotoWithoutVideo }.compactMap { f in
            guard let still = f.still else { return nil }
            var r = ConvertResult(direction: .motionToLive, status: .unreadable, input: still, exitCode: .unreadable)
            r.error = "\(still): a Motion Photo without its video: \(f.detail ?? "")"
            return r
        }
    }

    static func status(_ status: PairResult.Status) -> ConvertStatus {
        switch status {
        case .paired: return .converted
        case .alreadyPaired: return .alreadyConverted
        case .dryRun: return .dryRun
        }
    }
}
