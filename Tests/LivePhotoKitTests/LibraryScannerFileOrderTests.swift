import Foundation
import Testing
@testable import LivePhotoKit

/// A scan gives its files in path order, whatever order the folder's entries are created or
/// read in: `LibraryScanner.listFiles` and the `files` of `LibraryScanner.scan` are sorted by
/// path, a sub-folder's files where its path sorts.
@Suite("LibraryScanner: files listed and scanned in path order")
struct LibraryScannerFileOrderTests {
    /// dir/b.jpg, dir/a.mov, dir/a.jpg and dir/sub/c.mov, created in that order.
    static func folder() throws -> URL {
        let dir = try Support.tempDir()
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "b.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "a.mov")
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "a.jpg")
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        _ = try Support.copy(Support.fixture("movie-moov-first.mov"), to: sub, as: "c.mov")
        return dir
    }

    static func inPathOrder(_ dir: URL) -> [String] { ["a.jpg", "a.mov", "b.jpg", "sub/c.mov"].map { dir.path + "/" + $0 } }

    @Test("listFiles: a.jpg, a.mov, b.jpg, sub/c.mov")
    func listedInPathOrder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let listed = LibraryScanner.listFiles(in: [dir.path])
        #expect(listed.files.map(\.path) == Self.inPathOrder(dir))
        #expect(listed.files.map(\.role) == [.still, .movie, .still, .movie])
    }

    @Test("scan: its files in the same order")
    func scannedInPathOrder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.files.map(\.path) == Self.inPathOrder(dir))
        #expect(scan.filesRead == 4)
    }
}
