import ArgumentParser
import BinaryIO
import LivePhotoKit

/// Files or folders: the one rule for every command that takes either (pair, verify, make,
/// convert). All folders walk them; all files are files. A folder named like a still or a
/// movie (`x.MOV`) is taken as the file it is named, which is not a file: "is a directory"
/// (exit 3); `x.MOV/` walks it. A folder among files is a usage error (exit 2). Each bad
/// path gets its own one-line error.
enum InputMode: Equatable {
    case files([String])
    case folders([String])

    /// A path given where files or folders are taken, and why it cannot be used.
    struct Refusal: Equatable {
        let path: String
        let reason: String
        let status: ExitStatus
    }

    /// The paths that cannot be used, each with its reason.
    struct Refusals: Error, Equatable { let all: [Refusal] }

    static func classify(_ paths: [String]) -> Result<InputMode, Refusals> {
        let folders = paths.filter(FileSystemCalls.isDirectory)
        let namedLikeFiles = folders.filter { !$0.hasSuffix("/") && ScannedFile.Role(named: $0) != nil }
        if !namedLikeFiles.isEmpty {
            return .failure(Refusals(all: namedLikeFiles.map { Refusal(path: $0, reason: "is a directory (give \($0)/ to walk it)", status: .unreadable) }))
        }
        if folders.isEmpty { return .success(.files(paths)) }
        if folders.count == paths.count { return .success(.folders(paths)) }
        return .failure(Refusals(all: folders.map { Refusal(path: $0, reason: "is a folder; give files, or only folders", status: .usage) }))
    }

    /// The mode, or each refusal printed as `livephoto: PATH: reason` and the process ended
    /// with its exit code.
    static func decide(_ paths: [String]) throws -> InputMode {
        switch classify(paths) {
        case .success(let mode): return mode
        case .failure(let refusals):
            for r in refusals.all { Console.error("livephoto: \(r.path): \(r.reason)") }
            throw ExitCode(ExitStatus.combined(refusals.all.map(\.status)).rawValue)
        }
    }

    /// Whether the paths are folders, for `validate()`: nothing is printed there (a refused
    /// path is reported by `run()`, through `decide`).
    static func isFolders(_ paths: [String]) -> Bool {
        if case .success(.folders) = classify(paths) { return true }
        return false
    }

    /// `pair` and `verify`, in `validate()`: files must be exactly STILL MOVIE.
    static func validatePair(_ paths: [String]) throws {
        if case .success(.files(let files)) = classify(paths), files.count != 2 {
            throw ValidationError("expected STILL MOVIE (two files) or one or more folders; got \(files.count) file argument(s)")
        }
    }

    /// `pair` and `verify`, in `run()`: STILL MOVIE, or nil for folders.
    static func pairOrFolders(_ paths: [String]) throws -> (still: String, movie: String)? {
        try validatePair(paths)
        guard case .files(let files) = try decide(paths) else { return nil }
        return (files[0], files[1])
    }
}
