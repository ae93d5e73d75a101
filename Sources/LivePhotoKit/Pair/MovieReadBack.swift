import BinaryIO
import ISOBMFF

/// Before `pair` writes a movie: the edited `moov` must read back, with the same reader
/// `verify` uses, as a paired movie (the identifier in its metadata, a still-image-time
/// track). Checked before anything is written, so a movie that fails is left as it was and the
/// run is refused with one line, instead of reporting "paired" for a movie nobody can read.
enum MovieReadBack {
    /// - Parameter creationDate: the date written into a movie that had none, to read back too.
    static func check(_ plan: MovieRewritePlan, identifier: String, creationDate: String? = nil, path: String) throws {
        let reason: String
        do {
            let movie = try plan.readBack()
            if movie.metadata?.stringValue(forKey: Movie.contentIdentifierKey) == identifier, !movie.stillImageTimeTracks.isEmpty,
               creationDate == nil || movie.creationDate == creationDate { return }
            reason = "the identifier, the date or the still-image-time track does not read back"
        } catch let error as ParseError {
            reason = error.message
        }
        throw LivePhotoError(path: path, reason: "the edited movie would not read back (\(reason)); nothing was changed", category: .refused)
    }
}
