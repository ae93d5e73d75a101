import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// What a killed `pair` leaves beside its files, including files that already read as paired
/// (a kill after the movie's commit), which a folder run would otherwise pass over: the
/// overwrite journal of an in-place `moov` growth (the next `pair` puts its old bytes back,
/// then pairs again) and temporary files (`.NAME.livephoto-XXXXXX`: the still's backup, a
/// prepared replacement). `verify` names them; `pair` and `pair DIR` deal with them.
struct InterruptedPairLeftovers: Equatable {
    var journal: String?
    var temporaries: [String] = []

    static func + (a: Self, b: Self) -> Self { Self(journal: a.journal ?? b.journal, temporaries: a.temporaries + b.temporaries) }

    /// Beside one pair's files: an `access` for the journal, one listing of each folder.
    static func find(still: String?, movie: String?) -> InterruptedPairLeftovers {
        let targets = [still, movie].compactMap { $0.map(LinkTarget.resolved) }
        return InterruptedPairLeftovers(journal: movie.flatMap(journal(for:)), temporaries: AtomicFileWriter.staleTemporaries(for: targets))
    }

    static func journal(for movie: String) -> String? {
        let journal = OverwriteJournal.path(for: LinkTarget.resolved(movie))
        return FileSystemCalls.access(journal, F_OK) == 0 ? journal : nil
    }

    /// One clause for a report, or nil when nothing was left.
    var description: String? {
        var parts: [String] = []
        if let journal { parts.append("an interrupted edit left its journal \(PathComponents.lastComponent(journal)) beside the movie") }
        if !temporaries.isEmpty { parts.append("an interrupted pair left \(temporaries.map(PathComponents.lastComponent).joined(separator: ", "))") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + ": the next `livephoto pair` of these files (or `pair DIR`) finishes it"
    }
}
