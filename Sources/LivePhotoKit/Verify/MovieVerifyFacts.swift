import ISOBMFF

/// What `verify` needs of a movie, taken while it is open: its identifier, the movie checks
/// at their default levels, and the video's displayed size. Small and without the file, so the
/// scan of `verify DIR` keeps it for every movie and the pairs are checked without reading
/// the files again.
public struct MovieVerifyFacts: Sendable, Equatable {
    public struct VideoSize: Sendable, Equatable {
        /// As displayed: after the track's rotation.
        public var width: Double
        public var height: Double
    }

    public var identifier: String?
    /// `Verifier.movieChecks` at their default levels (`--strict` is applied with the report).
    /// Without `passedDetails`, a passed check keeps no detail text.
    public var checks: [VerifyReport.Check]
    /// Nil without a video track (or a sample description).
    public var videoSize: VideoSize?

    /// - Parameter passedDetails: keep the detail text of passed checks. `verify DIR` reports
    ///   only the names of failed checks and keeps these facts for every movie of a library
    ///   until its pairs are checked, so it drops them (about a kilobyte a movie).
    public init(_ file: MovieFile, passedDetails: Bool = true) {
        identifier = file.movie.contentIdentifier
        var list = Verifier.CheckList(strict: false, passedDetails: passedDetails)
        Verifier.movieChecks(&list, file: file)
        checks = list.items
        if let video = file.movie.mainVideoTrack, let entry = video.sampleEntries.first {
            var w = video.header.width > 0 ? video.header.width : Double(entry.width ?? 0)
            var h = video.header.height > 0 ? video.header.height : Double(entry.height ?? 0)
            if video.header.rotationDegrees % 180 == 90 { swap(&w, &h) }
            videoSize = VideoSize(width: w, height: h)
        } else {
            videoSize = nil
        }
    }
}
