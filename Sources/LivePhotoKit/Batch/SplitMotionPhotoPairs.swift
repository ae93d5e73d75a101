/// `convert DIR` and a Motion Photo whose video an export split off (`X.MP.jpg`, its video gone
/// or its offsets stale, beside `X.MP` or `X.MP.mp4`): there is no video inside to extract, so
/// the still and the split-off movie become a Live Photo (`SplitVideoConversion`).
enum SplitMotionPhotoPairs {
    /// The scan's name-matched candidates whose still lost its Motion Photo video, paired.
    static func convert(_ scan: LibraryScan, options: ConvertOptions, jobs: Int) -> [ConvertResult] {
        let work = work(scan)
        return ParallelWork.map(count: work.count, jobs: jobs) { i in
            let (still, movie) = work[i]
            return ConvertBatch.convert(.motionToLive, input: still) { try SplitVideoConversion.run(still: still, movie: movie, options: options) }
        }
    }

    /// The still and split-off video of each such candidate.
    static func work(_ scan: LibraryScan) -> [(still: String, movie: String)] {
        let missing = Set(scan.files.lazy.filter { $0.motionVideoMissing != nil }.map(\.path))
        return scan.candidates.compactMap { f -> (still: String, movie: String)? in
            guard let still = f.still, let movie = f.movie, missing.contains(still) else { return nil }
            return (still, movie)
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
}
