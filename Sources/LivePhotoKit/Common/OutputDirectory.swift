import BinaryIO

/// The one check of `-o DIR` (pair, make, convert): it must name an existing folder; otherwise
/// the run is refused before anything is read or written.
enum OutputDirectory {
    static func check(_ directory: String) throws {
        guard FileSystemCalls.exists(directory) else {
            throw LivePhotoError(path: directory, reason: "no such directory", category: .refused)
        }
        guard FileSystemCalls.isDirectory(directory) else { throw LivePhotoError(path: directory, reason: "not a directory", category: .refused) }
    }
}
