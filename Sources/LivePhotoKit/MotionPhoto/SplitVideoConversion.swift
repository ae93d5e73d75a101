import BinaryIO

/// A still whose video is a file beside it (a Motion Photo's split-off `X.MP`, a vivo Live
/// Photo's `X.mp4`) becomes a Live Photo the way `pair` makes one, written as a conversion
/// writes: new files `X.jpg` + `X.MOV` beside the input (or in `-o DIR`), a suffix when a name
/// is taken, the inputs untouched; a rerun finds its own outputs and says so.
enum SplitVideoConversion {
    static func run(still: String, movie: String, options: ConvertOptions) throws -> ConvertResult {
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

    static func status(_ status: PairResult.Status) -> ConvertStatus {
        switch status {
        case .paired: return .converted
        case .alreadyPaired: return .alreadyConverted
        case .dryRun: return .dryRun
        }
    }
}
