/// The files of a folder with an identifier that found no partner by identifier in it
/// ("open": a copy in another folder may still be its partner), and whether the rest of the
/// folder's findings are final without knowing which open files will be taken.
///
/// An open file that no other file of its folder could meet by name or capture time (the two
/// matches inside a folder, after identifiers) changes nothing else in the folder whether a
/// copy elsewhere takes it or not: the folder's other findings are final at once, and the open
/// file waits alone as a small key (`IdentifierLedger`). One that could meet another file
/// ("entangled") makes the folder wait whole, as its other findings may change.
struct OpenFiles {
    let open: [Int]
    /// Some open file could meet another free file of the folder by name or capture time, or
    /// needs what a key does not keep (a missing Motion Photo video's reason, leftovers).
    let entangled: Bool

    init(_ files: [ScannedFile], open: [Int], free: [Int], leftovers: [String: InterruptedPairLeftovers]) {
        self.open = open
        guard !open.isEmpty else { entangled = false; return }
        let needsWholeFile = open.contains { files[$0].motionVideoMissing != nil || leftovers[files[$0].path] != nil }
        entangled = needsWholeFile || Self.meetByName(files, open: open, free: free) || Self.meetByTime(files, open: open, free: free)
    }

    /// A name (folder and stem, `LibraryMatcher.nameKey`) held by a free still and a free movie, one of them open.
    private static func meetByName(_ files: [ScannedFile], open: [Int], free: [Int]) -> Bool {
        let openSet = Set(open)
        var names: [String: (still: Bool, movie: Bool, open: Bool)] = [:]
        for i in free {
            var n = names[LibraryMatcher.nameKey(files[i]), default: (false, false, false)]
            if files[i].role == .still { n.still = true } else { n.movie = true }
            n.open = n.open || openSet.contains(i)
            names[LibraryMatcher.nameKey(files[i])] = n
        }
        return names.values.contains { $0.still && $0.movie && $0.open }
    }

    /// A free still and a free movie taken at the same moment (as `CaptureTimeCandidates` would
    /// compare them), one of them open.
    private static func meetByTime(_ files: [ScannedFile], open: [Int], free: [Int]) -> Bool {
        let openSet = Set(open)
        let timed = free.filter { !EditedRendition.isEdited(files[$0].path) }
        let stills = timed.filter { files[$0].role == .still && files[$0].captureTime != nil }
        let movies = timed.filter { files[$0].role == .movie && (files[$0].captureTime != nil || files[$0].headerCreationTime != nil) }
        guard !stills.isEmpty, !movies.isEmpty else { return false }
        let index = SameMomentIndex(files, movies: movies)
        return stills.contains { s in
            let met = index.movies(takenWith: s, files)
            return !met.isEmpty && (openSet.contains(s) || met.contains(where: openSet.contains))
        }
    }
}
