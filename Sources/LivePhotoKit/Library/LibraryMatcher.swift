import Foundation
import BinaryIO

/// Matches scanned files into findings: first by identifier (whatever the names), then by
/// name (same folder and stem, extension case ignored, a movie's `_HEVC` suffix ignored), then
/// by capture time within a folder (`CaptureTimeCandidates`). An edited rendition (`IMG_E1234`)
/// never pairs with an original's file (`EditedRendition`).
public enum LibraryMatcher {
    /// The name key of a file: its folder and stem, with a movie's `_HEVC` suffix dropped. A
    /// movie named `X.MP` (a Motion Photo's split-off video) keeps its `.MP`: its still is `X.MP.jpg`.
    /// (Plain string slicing: the paths come standardized from the scanner, and a URL per file
    /// is a measurable part of a large scan.)
    static func nameKey(_ file: ScannedFile) -> String {
        let path = file.path
        if let key = asciiNameKey(path, role: file.role) { return key }
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        var stem = path[nameStart...]
        if let dot = stem.lastIndex(of: "."), dot > stem.startIndex, !(file.role == .movie && stem[dot...].lowercased() == ".mp") { stem = stem[..<dot] }
        if file.role == .movie, stem.uppercased().hasSuffix("_HEVC") { stem = stem.dropLast(5) }
        return String(path[..<nameStart]) + stem
    }

    /// `nameKey` of an all-ASCII path, from its bytes (case folds byte by byte there, so the
    /// key is the one the text rules give); nil for any other path.
    private static func asciiNameKey(_ path: String, role: ScannedFile.Role) -> String? {
        var path = path
        return path.withUTF8 { utf8 -> String? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let nameStart = (utf8.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
            var end = utf8.count
            let upper = { (b: UInt8) in b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") ? b - 32 : b }
            if let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot > nameStart {
                let isMP = role == .movie && end - dot == 3 && upper(utf8[dot + 1]) == UInt8(ascii: "M") && upper(utf8[dot + 2]) == UInt8(ascii: "P")
                if !isMP { end = dot }
            }
            if role == .movie, end - nameStart >= 5, utf8[(end - 5)..<end].map(upper).elementsEqual("_HEVC".utf8) { end -= 5 }
            return String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self)
        }
    }

    /// Preference among several stills or movies of one name: JPEG before HEIC, QuickTime before MP4.
    static func rank(_ f: ScannedFile) -> Int {
        switch f.format { case .jpeg, .quickTimeMovie: return 0; case .heic, .mp4Movie: return 1; case .unknown: return 2 }
    }

    /// Files are referred to by their index in `files` throughout: a `ScannedFile` carries what
    /// `verify` needs, and copying it into groups was a measurable part of a large scan.
    public static func match(_ files: [ScannedFile]) -> [LibraryFinding] { match(files, elsewhere: nil).findings }

    /// Matches `files` as a part of a larger scan when `elsewhere` is given (a streaming scan's
    /// folder, or what it held back): no `duplicate-identifier` finding (the scan makes
    /// those from every file's key, `IdentifierLedger`), and an identifier paired in a folder
    /// matched before counts as partnered. `open`: the files with an identifier that found no
    /// partner by identifier here, so another folder may hold it; `free`: every usable file
    /// no identifier matched (the open ones too), what name and capture time match among.
    static func match(_ files: [ScannedFile], elsewhere: IdentifierLedger.Partnered?) -> (findings: [LibraryFinding], open: [Int], free: [Int]) {
        var findings: [LibraryFinding] = []
        var used = [Bool](repeating: false, count: files.count)
        for f in files where f.error != nil {
            findings.append(LibraryFinding(finding: .unreadable, still: f.role == .still ? f.path : nil, movie: f.role == .movie ? f.path : nil, detail: f.error))
        }
        // A Motion Photo (our own `<stem>.MP.jpg` too) is one finding: it takes no part in
        // pairing. A vivo still's video beside it is in the same finding (what `pair DIR` pairs).
        let sidecars = sidecarIndices(files)
        for (i, f) in files.enumerated() where f.error == nil && f.motionPhoto != nil {
            var finding = LibraryFinding(finding: .motionPhoto, still: f.path, detail: f.motionPhoto?.detail)
            finding.motionPhoto = f.motionPhoto
            if let movie = f.motionPhoto?.sidecarVideo, let m = sidecars[movie], files[m].error == nil {
                finding.movie = movie
                finding.matchedBy = .name
                used[m] = true
            }
            findings.append(finding)
            used[i] = true
        }
        let usable = files.indices.filter { files[$0].error == nil && !used[$0] }
        findings += matchByIdentifier(files, usable, &used, duplicates: elsewhere == nil)
        let free = usable.filter { !used[$0] }
        let open = free.filter { files[$0].identifier != nil }
        findings += matchByName(files, usable, &used)
        findings += CaptureTimeCandidates.match(files, usable, &used)
        findings += unmatched(files, usable, used, partneredElsewhere: elsewhere ?? .init())
        return (sortedByFirstFile(findings), open, free)
    }

    /// The index of each movie a vivo still names as its video (an empty map in most folders).
    static func sidecarIndices(_ files: [ScannedFile]) -> [String: Int] {
        let named = Set(files.compactMap { $0.motionPhoto?.sidecarVideo })
        guard !named.isEmpty else { return [:] }
        var indices: [String: Int] = [:]
        for (i, f) in files.enumerated() where f.role == .movie && named.contains(f.path) { indices[f.path] = i }
        return indices
    }

    /// 1. By identifier, whatever the names; copies sharing one identifier pair inside their
    /// own folder first (`pairCopies`), and are named in a `duplicate-identifier` finding.
    static func matchByIdentifier(_ files: [ScannedFile], _ usable: [Int], _ used: inout [Bool], duplicates: Bool = true) -> [LibraryFinding] {
        var findings: [LibraryFinding] = []
        var stillsByID: [String: [Int]] = [:], moviesByID: [String: [Int]] = [:]
        for i in usable {
            guard let id = files[i].identifier else { continue }
            if files[i].role == .still { stillsByID[id, default: []].append(i) } else { moviesByID[id, default: []].append(i) }
        }
        // Groups are taken in any order: each makes findings of its own files only, and the
        // findings are put in path order at the end.
        for (id, stills) in stillsByID {
            guard let movies = moviesByID[id] else { continue }
            for (s, m) in pairCopies(stills: stills, movies: movies, files) {
                used[s] = true; used[m] = true
                let still = files[s], movie = files[m]
                if movie.stillImageTimeTracks == 1 {
                    findings.append(LibraryFinding(finding: .paired, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id))
                } else {
                    var finding = LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: id, stillIdentifier: id, movieIdentifier: id,
                                                 detail: "same identifier, but the movie has \(movie.stillImageTimeTracks) still-image-time tracks")
                    finding.matchedBy = .identifier
                    findings.append(finding)
                }
            }
        }
        guard duplicates else { return findings }
        for (id, stills) in stillsByID where stills.count > 1 || (moviesByID[id]?.count ?? 0) > 1 {
            findings.append(duplicate(id, stills: stills, movies: moviesByID[id] ?? [], files))
        }
        for (id, movies) in moviesByID where movies.count > 1 && stillsByID[id] == nil {
            findings.append(duplicate(id, stills: [], movies: movies, files))
        }
        return findings
    }

    /// The stills and movies carrying one identifier, paired: a still with the movie of its
    /// own name first, then with one in its own folder, then with any left; in path order.
    static func pairCopies(stills: [Int], movies: [Int], _ files: [ScannedFile]) -> [(still: Int, movie: Int)] {
        // The usual pair needs no keys.
        if stills.count == 1 && movies.count == 1 {
            return EditedRendition.mayPair(files[stills[0]].path, files[movies[0]].path) ? [(stills[0], movies[0])] : []
        }
        var pairs: [(still: Int, movie: Int)] = []
        var freeStills = stills, freeMovies = movies
        let keys: [(ScannedFile) -> String] = [nameKey, { PathComponents.directory(of: $0.path) }, { _ in "" }]
        for key in keys where !freeStills.isEmpty && !freeMovies.isEmpty {
            var byKey: [String: [Int]] = [:]
            for m in freeMovies.reversed() { byKey[key(files[m]), default: []].append(m) }   // popLast gives the first by path
            freeStills = freeStills.filter { s in
                guard let list = byKey[key(files[s])],
                      let at = list.lastIndex(where: { EditedRendition.mayPair(files[s].path, files[$0].path) }) else { return true }
                let m = list[at]
                byKey[key(files[s])]?.remove(at: at)
                pairs.append((s, m))
                return false
            }
            let taken = Set(pairs.map(\.movie))
            freeMovies = freeMovies.filter { !taken.contains($0) }
        }
        return pairs
    }

    /// How many copies a `duplicate-identifier` detail names.
    static let duplicateCopiesNamed = 8

    /// One identifier carried by several stills or several movies (copies of a Live Photo).
    static func duplicate(_ id: String, stills: [Int], movies: [Int], _ files: [ScannedFile]) -> LibraryFinding {
        duplicate(id, stills: stills.map { files[$0].path }, movies: movies.map { files[$0].path })
    }

    static func duplicate(_ id: String, stills: [String], movies: [String]) -> LibraryFinding {
        let copies = stills + movies
        // The text names a few copies (a library of copies would make one line of megabytes);
        // `copies` in JSON lists them all.
        let named = copies.prefix(duplicateCopiesNamed).joined(separator: ", ")
            + (copies.count > duplicateCopiesNamed ? " and \(copies.count - duplicateCopiesNamed) more" : "")
        var finding = LibraryFinding(finding: .duplicateIdentifier, identifier: id,
                                     detail: "\(id) is carried by \(CountedNoun.text(stills.count, "still")) and \(CountedNoun.text(movies.count, "movie")): \(named)")
        finding.copies = copies
        return finding
    }

    /// 2. By name, among the files not matched by identifier.
    static func matchByName(_ files: [ScannedFile], _ usable: [Int], _ used: inout [Bool]) -> [LibraryFinding] {
        var findings: [LibraryFinding] = []
        // Groups in the order their first file comes (the files' path order), so the findings
        // need next to no sorting (a dictionary's order would need a full sort).
        var groupOfName: [String: Int] = [:]
        var groups: [(stills: [Int], movies: [Int])] = []
        for i in usable where !used[i] {
            let key = nameKey(files[i])
            let g = groupOfName[key] ?? groups.count
            if g == groups.count { groupOfName[key] = g; groups.append(([], [])) }
            if files[i].role == .still { groups[g].stills.append(i) } else { groups[g].movies.append(i) }
        }
        for group in groups {
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
                if still.motionVideoMissing != nil { detail = "a Motion Photo whose video is not in it, with its video split off beside it; " + detail }
                var finding = LibraryFinding(finding: .candidate, still: still.path, movie: movie.path, identifier: still.identifier ?? movie.identifier,
                                             stillIdentifier: still.identifier, movieIdentifier: movie.identifier, detail: detail)
                finding.matchedBy = .name
                findings.append(finding)
            }
        }
        return findings
    }

    /// 5. Files with an identifier and no partner (a copy whose partner another copy took says
    /// so, and an edited rendition whose only partner is the original's); a still whose Motion
    /// Photo video is missing, with nothing to pair it with.
    static func unmatched(_ files: [ScannedFile], _ usable: [Int], _ used: [Bool], partneredElsewhere: IdentifierLedger.Partnered = .init()) -> [LibraryFinding] {
        var partnered = partneredElsewhere, unpartnered: [ScannedFile.Role: Set<String>] = [:]
        for i in usable {
            guard let id = files[i].identifier else { continue }
            if used[i] { partnered[files[i].role, default: []].insert(id) } else { unpartnered[files[i].role, default: []].insert(id) }
        }
        var findings: [LibraryFinding] = []
        for i in usable where !used[i] {
            let f = files[i]
            if let missing = f.motionVideoMissing {
                findings.append(LibraryFinding(finding: .motionPhotoWithoutVideo, still: f.path, identifier: f.identifier, stillIdentifier: f.identifier,
                                               detail: missing + "; no split-off video (.MP, .MP.mp4) beside it"))
                continue
            }
            guard let id = f.identifier else { continue }
            if unpartnered[f.role == .still ? .movie : .still]?.contains(id) == true {
                // Only a rendition clash leaves both sides of one identifier unpaired.
                let detail = "\(id) is also on the \(EditedRendition.isEdited(f.path) ? "original's" : "edited rendition's") \(f.role == .still ? "movie" : "still"), "
                    + "never paired across (IMG_E… pairs with IMG_E…)"
                findings.append(LibraryFinding(finding: f.role == .still ? .stillWithoutMovie : .movieWithoutStill, still: f.role == .still ? f.path : nil,
                                               movie: f.role == .movie ? f.path : nil, identifier: id, stillIdentifier: f.role == .still ? id : nil,
                                               movieIdentifier: f.role == .movie ? id : nil, detail: detail))
                continue
            }
            findings.append(alone(f.path, f.role, id, otherKindPaired: partnered[f.role == .still ? .movie : .still]?.contains(id) == true))
        }
        return findings
    }

    /// A file with an identifier and no partner, no rendition of its own beside it: whether
    /// files of the other kind carry the identifier (each paired with another copy) or none does.
    static func alone(_ path: String, _ role: ScannedFile.Role, _ id: String, otherKindPaired: Bool) -> LibraryFinding {
        if role == .still {
            let detail = otherKindPaired ? "every movie carrying \(id) is paired with another copy" : "no movie carries \(id)"
            return LibraryFinding(finding: .stillWithoutMovie, still: path, identifier: id, stillIdentifier: id, detail: detail)
        }
        let detail = otherKindPaired ? "every still carrying \(id) is paired with another copy" : "no still carries \(id)"
        return LibraryFinding(finding: .movieWithoutStill, movie: path, identifier: id, movieIdentifier: id, detail: detail)
    }

    /// Findings ordered by their still's path (a lone movie's path when there is no still);
    /// of findings naming the same first file, one made from identifiers alone (the file's
    /// pair, or what it could not be) comes first, then the identifier's copies, then one made
    /// by name or time: the order the steps make them in, so a streaming scan, which makes the
    /// copies last, puts them where a scan of everything at once does. Sorts indices over
    /// precomputed keys, so the findings themselves are moved once.
    static func sortedByFirstFile(_ findings: [LibraryFinding]) -> [LibraryFinding] {
        let keys = findings.map { $0.still ?? $0.movie ?? $0.copies?.first ?? "" }
        let steps = findings.map(step)
        let order = findings.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : steps[$0] != steps[$1] ? steps[$0] < steps[$1] : $0 < $1 }
        return order.map { findings[$0] }
    }

    /// 0: made before the copies are named; 1: the copies; 2: made after.
    private static func step(_ f: LibraryFinding) -> Int {
        switch f.finding {
        case .unreadable, .motionPhoto, .paired: return 0
        case .candidate: return f.matchedBy == .identifier ? 0 : 2
        case .duplicateIdentifier: return 1
        default: return 2
        }
    }
}
