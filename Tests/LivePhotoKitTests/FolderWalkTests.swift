import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// A folder run never passes over a still or movie without counting and reporting it: names
/// that are not valid UTF-8, link loops, folders it cannot enter.
@Suite("folder walking reports what it cannot use")
struct FolderWalkTests {
    /// Copies `fixture` to `dir/<nameBytes>` through the raw name bytes (Foundation cannot
    /// name such a file).
    static func copy(_ fixture: String, to dir: URL, nameBytes: [UInt8]) throws {
        let path = Array(dir.path.utf8) + [UInt8(ascii: "/")] + nameBytes + [0]
        let data = try Support.bytes(fixture)
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) } }
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == data.count)
    }

    @Test("a still and a movie whose names are not valid UTF-8 are counted as unreadable, named with \\xNN escapes")
    func nonUTF8Names() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.copy(Support.fixture("still-no-exif.jpg"), to: dir, nameBytes: Array("IMG_".utf8) + [0xFF] + Array(".jpg".utf8))
        try Self.copy(Support.fixture("movie-moov-last.mov"), to: dir, nameBytes: Array("IMG_".utf8) + [0xFF] + Array(".mov".utf8))
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "ok.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "ok.mov")
        let badFolder = Array(dir.path.utf8) + Array("/d".utf8) + [0xFE, 0]
        #expect(badFolder.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)

        let scan = LibraryScanner.scan([dir.path], jobs: 2)
        let unreadable = scan.findings.filter { $0.finding == .unreadable }
        #expect(unreadable.count == 2)
        #expect(unreadable.contains { $0.still == dir.path + "/IMG_\\xff.jpg" && $0.detail?.contains("not valid UTF-8") == true })
        #expect(unreadable.contains { $0.movie == dir.path + "/IMG_\\xff.mov" })
        #expect(scan.unreadableFolders.contains { $0.path == dir.path + "/d\\xfe" && $0.reason.contains("not valid UTF-8") })
        #expect(scan.count(.candidate) == 1)

        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 2)
        #expect(outcomes.filter { $0.status == .failed }.count == 2)
        #expect(outcomes.filter { $0.status == .paired }.count == 1)
        #expect(BatchOperations.exitCode(outcomes, scan: scan) == .unreadable)
    }

    @Test("symbolic link loops are reported as loops; a linked folder is walked once")
    func symlinkLoops() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("a.jpg").path, withDestinationPath: "b.jpg")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("b.jpg").path, withDestinationPath: "a.jpg")
        let sub = dir.appendingPathComponent("sub")
        try fm.createDirectory(at: sub, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: sub.appendingPathComponent("up").path, withDestinationPath: "..")
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: sub, as: "x.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: sub, as: "x.mov")
        // A second name for `sub`: walked once, not twice.
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("same").path, withDestinationPath: "sub")

        let scan = LibraryScanner.scan([dir.path], jobs: 2)
        let loops = scan.findings.filter { $0.finding == .unreadable }
        #expect(loops.count == 2)
        #expect(loops.allSatisfy { $0.detail?.contains("symbolic link loop") == true })
        #expect(scan.unreadableFolders.contains { $0.path.hasSuffix("/up") && $0.reason.contains("symbolic link loop") })
        #expect(scan.count(.candidate) == 1)
    }
}
