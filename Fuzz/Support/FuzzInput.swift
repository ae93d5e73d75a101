import Foundation

/// The readers take a path (they read by `pread`, never the whole file), so each fuzz input
/// goes to one file per process in /dev/shm (memory, no disk I/O), rewritten for every run.
enum FuzzInput {
    /// `FUZZ_INPUT_DIR` when scripts/fuzz.sh sets it (it removes the folder afterwards).
    static let directory: String = {
        if let given = ProcessInfo.processInfo.environment["FUZZ_INPUT_DIR"], !given.isEmpty { return given }
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = "\(base)/livephoto-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    /// Writes the fuzzer's bytes to `name` in the per-process directory and returns its path.
    static func file(_ data: UnsafePointer<UInt8>, _ size: Int, name: String) -> String {
        let path = "\(directory)/\(name)"
        let written = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
        precondition(written, "cannot write fuzz input to \(path)")
        return path
    }

    static func path(_ name: String) -> String { "\(directory)/\(name)" }
}
