import Foundation
import ISOBMFF
import StillImage

/// An MP4 movie is paired into a new `<stem>.MOV` beside it. Running the same `pair` again
/// (after it completed, or after it was killed once the `.MOV` was committed) must find the
/// pair done, not refuse because the `.MOV` exists: this recognises a `.MOV` that already is
/// this pair's output (same identifier as the still, one correct still-image-time track).
enum PairedCopyCheck {
    static func existingPairedCopy(still stillPath: String, stillID: String?, mp4 moviePath: String,
                                   options: PairOptions) throws -> PairResult? {
        guard options.outputDirectory == nil, let stillID else { return nil }
        let url = URL(fileURLWithPath: moviePath)
        let copy = url.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".MOV").path
        guard FileManager.default.fileExists(atPath: copy), let file = try? MovieFile.open(path: copy), file.isQuickTime,
              let video = file.movie.videoTracks.first else { return nil }
        let movieID = file.movie.contentIdentifier
        let identifier = PairOperation.chooseIdentifier(options.identifier, stillID: stillID, movieID: movieID)
        let stillTime = try StillTimeResolver.resolve(options.stillTime, movie: file.movie, video: video, path: copy)
        guard let time = try PairOperation.alreadyPairedTime(file, video: video, identifier: identifier, stillID: stillID, movieID: movieID,
                                                             choice: options.stillTime, stillTime: stillTime) else { return nil }
        return PairResult(still: stillPath, movie: moviePath, stillOutput: stillPath, movieOutput: copy, identifier: identifier,
                          stillTime: time, status: "already-paired", movieWrite: "none")
    }
}
