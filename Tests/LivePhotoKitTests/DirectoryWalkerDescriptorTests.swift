import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit
#if canImport(Glibc)
import Glibc
#endif

/// The folder walk opens each folder it lists and closes it once listed: after a walk no
/// descriptor of the process is left open on any folder of the tree (folders holding no stills
/// or movies, so the walk keeps none of them open for reading either).
@Suite("folder walk: every folder opened is closed again")
struct DirectoryWalkerDescriptorTests {
    /// How many of this process's descriptors are open on `root` or anything below it.
    static func descriptors(under root: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd) else { return false }
            return target == root || target.hasPrefix(root + "/")
        }.count
    }

    @Test("a tree of six folders (notes only, no stills or movies): walked, and no descriptor left on any of them", .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func noDescriptorLeft() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.resolvingSymlinksInPath().path
        for folder in ["a", "a/b", "a/b/c", "d", "d/e"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try Data("note".utf8).write(to: URL(fileURLWithPath: root + "/" + folder + "/notes.txt"))
        }
        #expect(try Self.descriptors(under: root) == 0)
        var listings = 0
        let walker = DirectoryWalker.walk([root]) { _ in listings += 1 }
        #expect(walker.unreadableFolders.isEmpty && listings == 0)
        #expect(try Self.descriptors(under: root) == 0)
    }
}
