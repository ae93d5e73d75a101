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

    public static func match(_ files: [ScannedFile]) -> [LibraryFinding] {
        var findings: [LibraryFinding] = []
        var used = Set<String>()
        let usable = files.filter { $0.error == nil }
        for f in files where f.error != nil {
            findings.append(LibraryFinding(finding: .unreadable, still: f.role == .still ? f.path : nil, movie: f.role == .movie ? f.path : nil, detail: f.error))
        }

        for f in usable where f.motionPhoto != nil {
            var finding = LibraryFinding(finding: .motionPhoto, still: f.path, detail: f.motionPhoto?.detail)
            finding.motionPhoto = f.motionPhoto
            findings.append(finding)
        }

        // 1. By identifier.
        var stillsByID: [String: [ScannedFile]] = [:], moviesByID: [String: [ScannedFile]] = [:]
        for f in usable { if let id = f.identifier { if f.role == .still { stillsByID[id, default: []].append(f) } else { moviesByID[id, default: []].append(f) } } }
        for id in stillsByID.keys.sorted() {
            guard var movies = moviesByID[id] else { continue }
            for still in stillsByID[id]! {
                guard !movies.isEmpty else { break }
                // Among several movies of one identifier, the one named like the still (the usual
                // single movie needs no name keys: it is taken either way).
                let i: Int
                if movies.count == 1 { i = 0 } else { let key = nameKey(still); i = movies.firstIndex { nameKey($0) == key } ?? 0 }
                let movie = movies.remove(at: i)
                used.insert(still.path); used.insert(movie.path)
                if movie.stillImageTimeTracks == 1 {
                    findings.append(LibraryFinding(finding: .paired, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id))
                } else {
                    findings.append(LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id,
                                                   detail: "same identifier, but the movie has \(movie.stillImageTimeTracks) still-image-time tracks"))
                }
            }
        }

        // 2. By name, among the files not matched by identifier.
        var byName: [String: (stills: [ScannedFile], movies: [ScannedFile])] = [:]
        for f in usable where !used.contains(f.path) {
            if f.role == .still { byName[nameKey(f), default: ([], [])].stills.append(f) } else { byName[nameKey(f), default: ([], [])].movies.append(f) }
        }
        for key in byName.keys.sorted() {
            let group = byName[key]!
            guard let still = group.stills.min(by: { rank($0) < rank($1) }), let movie = group.movies.min(by: { rank($0) < rank($1) }) else { continue }
            used.insert(still.path); used.insert(movie.path)
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
        for f in usable where !used.contains(f.path) {
            guard let id = f.identifier else { continue }
            if f.role == .still {
                findings.append(LibraryFinding(finding: .stillWithoutMovie, still: f.path, identifier: id, stillIdentifier: id, detail: "no movie carries \(id)"))
            } else {
                findings.append(LibraryFinding(finding: .movieWithoutStill, movie: f.path, identifier: id, movieIdentifier: id, detail: "no still carries \(id)"))
            }
        }
        return findings.sorted { ($0.still ?? $0.movie ?? "") < ($1.still ?? $1.movie ?? "") }
    }
}
