import BinaryIO

/// Takes the locks an operation holds on its input files (see `FileLockSet`), with the
/// errors the commands report: busy is a refusal (exit 4), a stop request ends the operation.
enum OperationLocks {
    static func acquire(still: String, movie: String, mode: FileLockSet.Mode, wait: Double, stop: StopRequest?) throws -> FileLockSet {
        try acquire([still, movie], mode: mode, wait: wait, stop: stop)
    }

    static func acquire(_ paths: [String], mode: FileLockSet.Mode, wait: Double, stop: StopRequest?) throws -> FileLockSet {
        do {
            return try FileLockSet.acquire(paths, mode: mode, wait: wait, shouldStop: { stop?.isRequested ?? false })
        } catch let error as FileLockError {
            throw describe(error, stop: stop)
        }
    }

    static func describe(_ error: FileLockError, stop: StopRequest?) -> Error {
        switch error {
        case .busy(let path, _): return LivePhotoError(path: path, reason: error.description, category: .refused)
        case .stopped: return OperationInterrupted(signal: stop?.signal ?? 0)
        case .unavailable(let path, let errno, _): return LivePhotoError(path: path, reason: error.description, category: .unreadable, errno: errno)
        }
    }
}
