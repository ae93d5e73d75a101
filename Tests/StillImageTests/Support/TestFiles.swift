import Foundation

/// Paths of fixtures (in the repository) and of the real-file corpus (beside it, in
/// `../shared/corpus`), found from this source file so tests run from any directory. The path
/// is resolved through symlinks so a package that links this folder in finds the same files.
enum TestFiles {
    static let repoRoot: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // StillImageTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let fixtures = repoRoot.appendingPathComponent("Fixtures")
    static let corpus = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func corpusFile(_ relative: String) -> String { corpus.appendingPathComponent(relative).path }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    static func hasFixture(_ name: String) -> Bool { exists(fixture(name)) }
    static func hasCorpus(_ relative: String) -> Bool { exists(corpusFile(relative)) }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
}

/// A fresh directory under the system temporary directory, removed when released.
final class TempDir {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stillimage-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let p = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// Names of files in the directory (temporary files of AtomicFileWriter included).
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }
}
