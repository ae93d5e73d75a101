import Foundation

/// Matches scanned files into findings: first by identifier (whatever the names), then by
/// name (same folder and stem, extension case ignored, a movie's `_HEVC` suffix ignored).
public enum LibraryMatcher {
    /// The name key of a file: its folder and stem, with a movie's `_HEVC` suffix dropped.
    /// (Plain string slicing: the paths come standardized from the scanner, and a URL per file
    /// is a measurable part of a large scan.)
    static func nameKey(_ file: ScannedFile) -> String {
        let path = file.path
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        var stem = path[nameStart...]
        if let dot = stem.lastIndex(of: "."), dot > stem.startIndex { stem = stem[..<dot] }
        if file.role == .movie, stem.uppercased().hasSuffix("_HEVC") { stem = stem.dropLast(5) }
        return String(path[..<nameStart]) + stem
    }

    /// Preference among several stills or movies of one name: JPEG before HEIC, QuickTime before MP4.
    static func rank(_ f: ScannedFile) -> Int {
        switch f.format { case .jpeg, .quickTimeMovie: return 0; case .heic, .mp4Movie: return 1; case .unknown: return 2 }
    }

    /// Files are referred to by their index in `files` throughout: a `ScannedFile` carries what
    /// `verify` needs, and copying it into groups was a measurable part of a large scan.
    public static func match(_ files: [ScannedFile]) -> [LibraryFinding] {
        var findings: [LibraryFinding] = []
        var used = [Bool](repeating: false, count: files.count)
        let usable = files.indices.filter { files[$0].error == nil }
        for f in files where f.error != nil {
            findings.append(LibraryFinding(finding: .unreadable, still: f.role == .still ? f.path : nil, movie: f.role == .movie ? f.path : nil, detail: f.error))
        }

        for i in usable where files[i].motionPhoto != nil {
            let f = files[i]
            var finding = LibraryFinding(finding: .motionPhoto, still: f.path, detail: f.motionPhoto?.detail)
            finding.motionPhoto = f.motionPhoto
            findings.append(finding)
        }

        // 1. By identifier.
        var stillsByID: [String: [Int]] = [:], moviesByID: [String: [Int]] = [:]
        for i in usable {
            guard let id = files[i].identifier else { continue }
            if files[i].role == .still { stillsByID[id, default: []].append(i) } else { moviesByID[id, default: []].append(i) }
        }
        // Groups are taken in any order: each makes findings of its own files only, and the
        // findings are put in path order at the end.
        for id in stillsByID.keys {
            guard var movies = moviesByID[id] else { continue }
            for s in stillsByID[id]! {
                guard !movies.isEmpty else { break }
                // Among several movies of one identifier, the one named like the still (the usual
                // single movie needs no name keys: it is taken either way).
                let k: Int
                if movies.count == 1 { k = 0 } else { let key = nameKey(files[s]); k = movies.firstIndex { nameKey(files[$0]) == key } ?? 0 }
                let m = movies.remove(at: k)
                used[s] = true; used[m] = true
                let still = files[s], movie = files[m]
                if movie.stillImageTimeTracks == 1 {
                    findings.append(LibraryFinding(finding: .paired, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id))
                } else {
                    findings.append(LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id,
                                                   detail: "same identifier, but the movie has \(movie.stillImageTimeTracks) still-image-time tracks"))
                }
            }
        }

        // 2. By name, among the files not matched by identifier.
        var byName: [String: (stills: [Int], movies: [Int])] = [:]
        for i in usable where !used[i] {
            if files[i].role == .still { byName[nameKey(files[i]), default: ([], [])].stills.append(i) } else { byName[nameKey(files[i]), default: ([], [])].movies.append(i) }
        }
        for key in byName.keys {
            let group = byName[key]!
            guard let s = group.stills.min(by: { rank(files[$0]) < rank(files[$1]) }), let m = group.movies.min(by: { rank(files[$0]) < rank(files[$1]) }) else { continue }
            used[s] = true; used[m] = true
            let still = files[s], movie = files[m]
            if let s = still.identifier, let m = movie.identifier, s != m {
                findings.append(LibraryFinding(finding: .identifierMismatch, still: still.path, movie: movie.path, stillIdentifier: s, movieIdentifier: m,
                                               detail: "still \(s), movie \(m)"))
            } else if let apart = CaptureTimeMatch.mismatch(still: still.captureTime, movieCreationDate: movie.captureTime, movieHeader: movie.headerCreationTime) {
                findings.append(LibraryFinding(finding: .captureTimeMismatch, still: still.path, movie: movie.path, identifier: still.identifier ?? movie.identifier,
                                               stillIdentifier: still.identifier, movieIdentifier: movie.identifier,
                                               detail: "taken \(CaptureTimeMatch.describe(apart)) apart"))
            } else {
                var detail = "not paired yet"
                if still.identifier != nil { detail = "only the still has an identifier" }
                else if movie.identifier != nil { detail = "only the movie has an identifier" }
                findings.append(LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: still.identifier ?? movie.identifier,
                                               stillIdentifier: still.identifier, movieIdentifier: movie.identifier, detail: detail))
            }
        }

        // 3. Files with an identifier and no partner.
        for i in usable where !used[i] {
            let f = files[i]
            guard let id = f.identifier else { continue }
            if f.role == .still {
                findings.append(LibraryFinding(finding: .stillWithoutMovie, still: f.path, identifier: id, stillIdentifier: id, detail: "no movie carries \(id)"))
            } else {
                findings.append(LibraryFinding(finding: .movieWithoutStill, movie: f.path, identifier: id, movieIdentifier: id, detail: "no still carries \(id)"))
            }
        }
        return sortedByFirstFile(findings)
    }

    /// Findings ordered by their still's path (a lone movie's path when there is no still);
    /// findings of one path keep the order they were made in. Sorts indices over precomputed
    /// keys, so the findings themselves are moved once.
    static func sortedByFirstFile(_ findings: [LibraryFinding]) -> [LibraryFinding] {
        let keys = findings.map { $0.still ?? $0.movie ?? "" }
        let order = findings.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        return order.map { findings[$0] }
    }
}
