import Foundation

extension Support {
    /// A fresh private directory (tests run in parallel); the caller removes it with `defer`.
    public static func tempDir() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("livephoto-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
    /// The name the ISOBMFF tests use.
    public static func tempDirectory() throws -> URL { try tempDir() }

    /// Copies `source` into `dir` (under `name`) and makes the copy writable: corpus files are
    /// read-only, the copies are ours to write.
    @discardableResult
    public static func copy(_ source: String, to dir: URL, as name: String? = nil) throws -> String {
        let dest = dir.appendingPathComponent(name ?? URL(fileURLWithPath: source).lastPathComponent).path
        try? FileManager.default.removeItem(atPath: dest)
        try FileManager.default.copyItem(atPath: source, toPath: dest)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dest)
        return dest
    }

    /// Writes `bytes` as `dir/name` and returns its path.
    public static func write(_ bytes: [UInt8], in dir: URL, name: String = "movie.mov") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Files left in `dir` whose names show a temporary file of ours.
    public static func temporaries(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.contains(".livephoto-") }
    }
}

/// A fresh directory under the system temporary directory, removed when released.
public final class TempDir {
    public let url: URL
    public init() throws { url = try Support.tempDir() }
    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String { try Support.write(bytes, in: url, name: name) }

    /// A sparse file of `size` zero bytes (no disk used): a file at a size bound, cheaply.
    public func sparse(_ name: String, size: UInt64) throws -> String {
        let path = try write(name, [])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    /// Names of files in the directory (temporary files of AtomicFileWriter included).
    public func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
}

/// The names the StillImage tests use for fixture and corpus paths.
public enum TestFiles {
    public static var repoRoot: URL { Support.repo }
    public static var fixtures: URL { Support.fixtures }
    public static var corpus: URL { Support.corpus }
    public static func fixture(_ name: String) -> String { Support.fixture(name) }
    public static func corpusFile(_ relative: String) -> String { Support.corpusFile(relative) }
    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    public static func hasFixture(_ name: String) -> Bool { exists(fixture(name)) }
    public static func hasCorpus(_ relative: String) -> Bool { Support.hasCorpusFile(relative) }
    public static func bytes(_ path: String) throws -> [UInt8] { try Support.bytes(path) }
}
