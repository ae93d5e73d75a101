/// `convert DIR` and a Motion Photo whose video an export split off (`X.MP.jpg`, its video gone
/// or its offsets stale, beside `X.MP` or `X.MP.mp4`): there is no video inside to extract, so
/// the still and the split-off movie become a Live Photo the way `pair DIR` makes one (in
/// place, or into `-o DIR`; an MP4 always as a new `.MOV`), reported as a conversion.
enum SplitMotionPhotoPairs {
    /// The scan's name-matched candidates whose still lost its Motion Photo video, paired.
    static func convert(_ scan: LibraryScan, options: ConvertOptions, jobs: Int) -> [ConvertResult] {
        let missing = Set(scan.files.lazy.filter { $0.motionVideoMissing != nil }.map(\.path))
        let work = scan.candidates.compactMap { f -> (still: String, movie: String)? in
            guard let still = f.still, let movie = f.movie, missing.contains(still) else { return nil }
            return (still, movie)
        }
        var pair = PairOptions()
        pair.identifier = options.identifier
        pair.outputDirectory = options.outputDirectory
        pair.dryRun = options.dryRun
        return ParallelWork.map(count: work.count, jobs: jobs) { i in
            let (still, movie) = work[i]
            return ConvertBatch.convert(.motionToLive, input: still) {
                let paired = try PairOperation.run(still: still, movie: movie, options: pair)
                var result = ConvertResult(direction: .motionToLive, status: status(paired.status), input: still)
                result.inputMovie = movie
                result.still = paired.stillOutput
                result.movie = paired.movieOutput
                result.identifier = paired.identifier
                result.stillTime = paired.stillTime
                return result
            }
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
