import BinaryIO

/// The access and modification times of the inputs, read before anything reads or writes
/// them, and put back on the written files after the commit (like `exiftool -P`): photo
/// servers and importers fall back on the modification time. `--touch` leaves the new times.
struct KeptTimes {
    let still: FileMetadata?
    let movie: FileMetadata?

    init(still: String, movie: String) {
        self.still = try? FileMetadata.read(path: still, extendedAttributes: false)
        self.movie = try? FileMetadata.read(path: movie, extendedAttributes: false)
    }

    /// Best effort: the pair is already committed, and a file owned by someone else may refuse
    /// new times to a caller who could write it (only its owner or root may set them).
    func restore(stillOutput: String, movieOutput: String) {
        try? still?.applyTimes(toPath: stillOutput)
        try? movie?.applyTimes(toPath: movieOutput)
    }
}
