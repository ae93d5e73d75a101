/// Where a folder command's files come from: folders walked, or a list of files
/// (`--files-from`). Both hand on the same `DirectoryWalker.File`s, so the reading and the
/// matching after them are one path. A literal array of paths is folders.
public enum LibrarySource: Sendable, Equatable, ExpressibleByArrayLiteral {
    case folders([String])
    case files(FileList)

    public init(arrayLiteral folders: String...) { self = .folders(folders) }

    /// Calls `found` with each folder's stills and movies as they are listed (a folder at a
    /// time, as the streaming scan matches them); returns the folders (or, for a walk, links)
    /// that could not be listed, with the reason. A walk does not enter `outputFolder` below a
    /// root (`DirectoryWalker`); a list names its files, which exist before the run.
    func list(outputFolder: String? = nil, found: (DirectoryWalker.FolderListing) -> Void) -> [(path: String, reason: String)] {
        switch self {
        case .folders(let roots): return DirectoryWalker.walk(roots, outputFolder: outputFolder, found: found).unreadableFolders
        case .files(let list):
            list.forEachFolder(found)
            return []
        }
    }
}
