import BinaryIO
import ISOBMFF

/// `verify DIR` reuses what its scan read: a still read as a JPEG has its identifier already,
/// and a file the scan told by content needs no second kind check. Only the movie is opened
/// again (its checks need the whole `moov`, too big to keep for a library), with one
/// positioned read for its first bytes.
enum BatchVerifyInputs {
    /// The scan's reading of each file, by path.
    static func index(_ scan: LibraryScan) -> [String: ScannedFile] {
        var byPath: [String: ScannedFile] = [:]
        byPath.reserveCapacity(scan.files.count)
        for file in scan.files { byPath[file.path] = file }
        return byPath
    }

    static func verify(still: String, movie: String, strict: Bool, read: [String: ScannedFile]) throws -> VerifyReport {
        guard !strict, let s = read[still], s.error == nil, s.format == FileKind.jpeg.rawValue,
              let m = read[movie], m.error == nil, m.role == .movie else {
            // --strict reads the whole still header; anything the scan did not read cleanly
            // goes the single-pair way, with its error messages.
            return try Verifier.verify(still: still, movie: movie, strict: strict)
        }
        let file: MovieFile
        do {
            file = try MovieFile(source: FileSource(path: movie, prefetch: ScannedFile.prefetchBytes))
        } catch {
            throw LivePhotoError.wrap(error, path: movie)
        }
        return Verifier.verify(still: still, movie: movie, strict: false, stillIdentifier: s.identifier, stillInfo: nil, movieFile: file)
    }
}
