import Foundation
import BinaryIO

/// Where `pair` writes: in place by default; into a directory with `-o`; an `.mp4`/`.m4v`
/// movie always becomes a new QuickTime `<stem>.MOV` (beside it, or in the directory). A
/// `.mov` is edited in place whatever its brand. An output that would overwrite an input, or
/// two outputs on one path, is refused; an output that exists already is `ExistingOutputs`' call.
struct OutputPaths {
    let still: String
    let movie: String

    /// Extensions of movies that are written as a new QuickTime `.MOV` rather than edited.
    static let copiedExtensions: Set<String> = ["mp4", "m4v"]

    /// Whether pairing `moviePath` writes a new `<stem>.MOV` (decided by extension, not brand).
    static func becomesQuickTimeCopy(_ moviePath: String) -> Bool {
        copiedExtensions.contains(URL(fileURLWithPath: moviePath).pathExtension.lowercased())
    }

    init(still stillPath: String, movie moviePath: String, movieIsMP4: Bool, directory: String?) throws {
        let stillURL = URL(fileURLWithPath: stillPath)
        let movieURL = URL(fileURLWithPath: moviePath)
        if let directory {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir) else {
                throw LivePhotoError(path: directory, reason: "no such directory", category: .refused)
            }
            guard isDir.boolValue else { throw LivePhotoError(path: directory, reason: "not a directory", category: .refused) }
        }
        func place(_ name: String, besides url: URL) -> String {
            if let directory { return URL(fileURLWithPath: directory).appendingPathComponent(name).path }
            return url.deletingLastPathComponent().appendingPathComponent(name).path
        }
        still = directory == nil ? stillPath : place(stillURL.lastPathComponent, besides: stillURL)
        if movieIsMP4 {
            movie = place(movieURL.deletingPathExtension().lastPathComponent + ".MOV", besides: movieURL)
        } else {
            movie = directory == nil ? moviePath : place(movieURL.lastPathComponent, besides: movieURL)
        }

        if directory != nil {
            for (output, label) in [(still, "still"), (movie, "movie")] {
                for input in [stillPath, moviePath] where AtomicFileWriter.sameFile(output, input) || output == input {
                    throw LivePhotoError(path: output, reason: "the \(label) output would overwrite an input; choose another -o directory", category: .refused)
                }
            }
        }
        if movieIsMP4 {
            if AtomicFileWriter.sameFile(movie, moviePath) || AtomicFileWriter.sameFile(movie, stillPath) {
                throw LivePhotoError(path: movie, reason: "the QuickTime output would overwrite an input", category: .refused)
            }
        }
        if still == movie || AtomicFileWriter.sameFile(stillPath, moviePath) {
            throw LivePhotoError(path: still, reason: "the still and the movie are the same file", category: .usage)
        }
    }
}
