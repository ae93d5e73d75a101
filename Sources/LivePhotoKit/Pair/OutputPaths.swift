import Foundation
import BinaryIO

/// Where `pair` writes: in place by default; into a directory with `-o`; an `.mp4`/`.m4v`
/// movie always becomes a new QuickTime `<stem>.MOV` (beside it, or in the directory), and so
/// does a Motion Photo's split-off `X.MP` (as `X.MP.MOV`: the name its still `X.MP.jpg` matches). A
/// `.mov` is edited in place whatever its brand. An output that would overwrite an input, or
/// two outputs on one path, is refused; an output that exists already is `ExistingOutputs`' call.
struct OutputPaths {
    let still: String
    let movie: String

    /// Extensions of movies that are written as a new QuickTime `.MOV` rather than edited.
    static let copiedExtensions: Set<String> = ["mp4", "m4v", "mp"]

    /// Whether pairing `moviePath` writes a new `<stem>.MOV` (decided by extension, not brand).
    static func becomesQuickTimeCopy(_ moviePath: String) -> Bool {
        copiedExtensions.contains(PathComponents.pathExtension(moviePath).lowercased())
    }

    /// `IMG_1.MP4` → `IMG_1.MOV`; `PXL_1.MP` (a split-off Motion Photo video) → `PXL_1.MP.MOV`.
    static func quickTimeName(_ moviePath: String) -> String {
        let name = PathComponents.lastComponent(moviePath)
        if PathComponents.pathExtension(moviePath).lowercased() == "mp" { return name + ".MOV" }
        return PathComponents.lastComponent(PathComponents.deletingExtension(moviePath)) + ".MOV"
    }

    /// - Parameter named: new files under these names (a conversion's), checked like those of an output directory.
    init(still stillPath: String, movie moviePath: String, movieIsMP4: Bool, directory: String?, named: NewOutputPaths? = nil) throws {
        if let directory { try OutputDirectory.check(directory) }
        // Derived names keep the input's bytes: only path text is spliced, never re-decoded.
        func place(_ name: String, besides path: String) -> String {
            if let directory { return PathComponents.appending(name, to: directory) }
            return PathComponents.sibling(named: name, of: path)
        }
        still = named?.still ?? (directory == nil ? stillPath : place(PathComponents.lastComponent(stillPath), besides: stillPath))
        if let named {
            movie = named.movie
        } else if movieIsMP4 {
            movie = place(Self.quickTimeName(moviePath), besides: moviePath)
        } else {
            movie = directory == nil ? moviePath : place(PathComponents.lastComponent(moviePath), besides: moviePath)
        }

        if directory != nil || named != nil {
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
