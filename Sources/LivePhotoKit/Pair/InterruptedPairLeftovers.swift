import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// What a `pair` killed after its movie's commit leaves beside files that already read as
/// paired, and that a folder run would otherwise pass over: the overwrite journal of an
/// in-place `moov` growth (the next `pair` puts its old bytes back, then pairs again), and the
/// still's backup (a second hard link named like our temporaries). `verify` and `scan` name
/// them; `pair` and `pair DIR` deal with them.
struct InterruptedPairLeftovers: Equatable {
    var journal: String?
    var stillBackups: [String] = []

    var isEmpty: Bool { journal == nil && stillBackups.isEmpty }

    /// Looks beside the files: one `access` for the movie; for the still, a folder listing only
    /// when it has another hard link (a backup is one), so a clean library costs two calls a pair.
    static func find(still: String?, movie: String?) -> InterruptedPairLeftovers {
        var found = InterruptedPairLeftovers()
        if let movie {
            let journal = OverwriteJournal.path(for: WriteTargets.resolved(movie))
            if FileSystemCalls.access(journal, F_OK) == 0 { found.journal = journal }
        }
        if let still {
            let target = WriteTargets.resolved(still)
            if WriteTargets.hardLinkCount(target) > 1 { found.stillBackups = AtomicFileWriter.staleTemporaries(for: [target]) }
        }
        return found
    }

    /// One clause for a report, or nil when nothing was left.
    var description: String? {
        var parts: [String] = []
        if let journal { parts.append("an interrupted edit left its journal \(PathComponents.lastComponent(journal)) beside the movie") }
        if !stillBackups.isEmpty { parts.append("an interrupted pair left the still's backup \(stillBackups.map(PathComponents.lastComponent).joined(separator: ", "))") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + ": `livephoto pair` of these files finishes it"
    }
}
