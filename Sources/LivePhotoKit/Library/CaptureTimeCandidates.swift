import BinaryIO

/// 4. By capture time, among the files no identifier or name matched: a still and a movie of
/// one folder taken at the same moment (`CaptureTimeMatch.sameMoment`). Only a still and a movie
/// that are each other's one match become a `candidate` (matched by capture time, which only
/// `pair DIR --by-time` pairs); a file with several matches is `capture-time-ambiguous`, naming
/// them. Edited renditions are never matched by time (`EditedRendition`), nor files whose
/// identifiers differ. Each file is kept as a small key, compared within its folder only.
enum CaptureTimeCandidates {
    static func match(_ files: [ScannedFile], _ usable: [Int], _ used: inout [Bool]) -> [LibraryFinding] {
        var stills: [String: [Int]] = [:], movies: [String: [Int]] = [:]
        for i in usable where !used[i] && !EditedRendition.isEdited(files[i].path) {
            let f = files[i]
            let folder = PathComponents.directory(of: f.path)
            if f.role == .still, f.captureTime != nil { stills[folder, default: []].append(i) }
            if f.role == .movie, f.captureTime != nil || f.headerCreationTime != nil { movies[folder, default: []].append(i) }
        }
        var findings: [LibraryFinding] = []
        for (folder, folderStills) in stills {
            guard let folderMovies = movies[folder] else { continue }
            findings += matchFolder(files, stills: folderStills, movies: folderMovies, &used)
        }
        return findings
    }

    /// One folder: each still against the movies near it in time (`SameMomentIndex`).
    static func matchFolder(_ files: [ScannedFile], stills: [Int], movies: [Int], _ used: inout [Bool]) -> [LibraryFinding] {
        var moviesOf: [Int: [Int]] = [:], stillsOf: [Int: [Int]] = [:]
        let index = SameMomentIndex(files, movies: movies)
        for s in stills {
            for m in index.movies(takenWith: s, files) {
                moviesOf[s, default: []].append(m)
                stillsOf[m, default: []].append(s)
            }
        }
        var findings: [LibraryFinding] = []
        for s in stills {
            guard let matched = moviesOf[s] else { continue }
            if matched.count > 1 {
                findings.append(ambiguous(files[s], matched.map { files[$0].path }))
                used[s] = true
            } else if let m = matched.first, stillsOf[m]?.count == 1 {
                findings.append(candidate(files[s], files[m]))
                used[s] = true; used[m] = true
            }
        }
        for m in movies {
            guard let matched = stillsOf[m], matched.count > 1 else { continue }
            findings.append(ambiguous(files[m], matched.map { files[$0].path }))
            used[m] = true
        }
        return findings
    }

    static func sameMoment(_ still: ScannedFile, _ movie: ScannedFile) -> Bool {
        if let a = still.identifier, let b = movie.identifier, a != b { return false }
        return CaptureTimeMatch.sameMoment(still: still.captureTime, movieCreationDate: movie.captureTime, movieHeader: movie.headerCreationTime,
                                           movieMilliseconds: movie.durationMilliseconds)
    }

    static func candidate(_ still: ScannedFile, _ movie: ScannedFile) -> LibraryFinding {
        var finding = LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: still.identifier ?? movie.identifier,
                                     stillIdentifier: still.identifier, movieIdentifier: movie.identifier,
                                     detail: "taken at the same moment, names differ: `pair --by-time` pairs it")
        finding.matchedBy = .captureTime
        return finding
    }

    static func ambiguous(_ file: ScannedFile, _ others: [String]) -> LibraryFinding {
        let noun = file.role == .still ? "movies" : "stills"
        let named = others.prefix(LibraryMatcher.duplicateCopiesNamed).map(PathComponents.lastComponent).joined(separator: ", ")
            + (others.count > LibraryMatcher.duplicateCopiesNamed ? " and \(others.count - LibraryMatcher.duplicateCopiesNamed) more" : "")
        var finding = LibraryFinding(finding: .captureTimeAmbiguous, still: file.role == .still ? file.path : nil, movie: file.role == .movie ? file.path : nil,
                                     identifier: file.identifier, detail: "taken at the same moment as \(others.count) \(noun): \(named); not paired by time")
        finding.matches = others
        return finding
    }
}
