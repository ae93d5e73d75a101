/// A file this process wrote that does not read back as it was written (a writer's mistake, or
/// a disk that returns other bytes): it is never given a name, and the run is refused: the
/// inputs were read; what failed is the output.
public struct WrittenFileMismatch: Error, CustomStringConvertible, Sendable {
    /// What the read-back found (its own error).
    public let reason: String

    public var description: String { "the file written does not read back as written: \(reason); nothing was changed" }

    /// `check` of `path`, just written at `step`: the test-only fault hook has its turn first (a
    /// `CUT` plan cuts the file there), so every read-back can be proved to refuse.
    public static func check(written path: String, at step: WriteStep, _ readBack: () throws -> Void) throws {
        FaultInjection.reach(step, written: path)
        try check(readBack)
    }

    /// Runs a read-back of what was just written; whatever it throws becomes a mismatch.
    public static func check(_ readBack: () throws -> Void) throws {
        do { try readBack() } catch let error as WrittenFileMismatch { throw error } catch {
            throw WrittenFileMismatch(reason: String(describing: error))
        }
    }
}
