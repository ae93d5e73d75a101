import Foundation

/// Where the tests find their files: the repository's fixtures and the read-only corpus of real
/// camera files beside it. Shared by every test target (one set of rules for all of them).
public enum Support {
    /// The repository root, found from this file (symlinks resolved, so a package that links
    /// the `Tests` folders in still finds the real repository).
    public static let repo: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    public static var repoRoot: URL { repo }

    public static let fixtures = repo.appendingPathComponent("Fixtures")
    public static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// `LIVEPHOTO_TEST_CORPUS` when set (point it at an empty folder to run as a fresh clone
    /// would), else `<repo>/../shared/corpus`.
    public static let corpus: URL = {
        if let override = ProcessInfo.processInfo.environment["LIVEPHOTO_TEST_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return repo.deletingLastPathComponent().appendingPathComponent("shared/corpus").standardizedFileURL
    }()
    /// The corpus is there when its README is (a fresh clone has no `../shared`).
    public static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("README.md").path) }
    public static func corpusFile(_ relative: String) -> String { corpus.appendingPathComponent(relative).path }
    public static func hasCorpusFile(_ relative: String) -> Bool { FileManager.default.isReadableFile(atPath: corpusFile(relative)) }

    public static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
}
