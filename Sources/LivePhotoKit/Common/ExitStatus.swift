#if canImport(Glibc)
import Glibc
#endif

/// The process exit codes, the same for every command (see README). Operations return them
/// (in `LivePhotoError`, `BatchOutcome`, `ConvertResult`) so the command line only passes them on.
public enum ExitStatus: Int32, Codable, Sendable {
    case ok = 0
    /// `verify`: the pair is not a valid Live Photo.
    case invalidPair = 1
    /// The arguments do not make sense.
    case usage = 2
    /// A file is missing, unreadable, damaged or not a still/movie.
    case unreadable = 3
    /// The operation was refused or could not write (foreign MakerNote, out-of-range still
    /// time, read-only, no space, busy).
    case refused = 4
    /// Stopped by SIGINT (128 + 2, the shell's convention).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143

    /// The status of a process stopped by `signal`: only SIGINT and SIGTERM are ever caught.
    public static func stopped(by signal: Int32) -> ExitStatus {
        signal == SIGTERM ? .terminated : .interrupted
    }

    /// The one rule for a run over several files (every command, files or folders): the most
    /// serious code any file gave, in the order below: a file that could not be read outranks a
    /// refusal, and both outrank an invalid pair; `unreadable` when a folder could not be read.
    public static func combined<S: Sequence>(_ statuses: S, unreadableFolders: Bool = false) -> ExitStatus where S.Element == ExitStatus {
        statuses.reduce(unreadableFolders ? .unreadable : .ok) { a, b in a.seriousness >= b.seriousness ? a : b }
    }

    /// Least to most serious, for `combined`: a switch, so every code has a rank.
    private var seriousness: Int {
        switch self {
        case .ok: 0
        case .invalidPair: 1
        case .refused: 2
        case .unreadable: 3
        case .usage: 4
        case .interrupted: 5
        case .terminated: 6
        }
    }
}
