import ArgumentParser
import Foundation
import BinaryIO

/// `pair` and `verify` take either STILL MOVIE or one or more folders.
enum InputMode {
    case single(still: String, movie: String)
    case folders([String])

    static func decide(_ paths: [String]) throws -> InputMode {
        let isDir = paths.map(FileSystemCalls.isDirectory)
        if isDir.contains(true) {
            guard isDir.allSatisfy({ $0 }) else {
                throw ValidationError("give either STILL MOVIE or folders, not a mix of files and folders")
            }
            return .folders(paths)
        }
        guard paths.count == 2 else {
            throw ValidationError("expected STILL MOVIE (two files) or one or more folders; got \(paths.count) file argument(s)")
        }
        return .single(still: paths[0], movie: paths[1])
    }
}
