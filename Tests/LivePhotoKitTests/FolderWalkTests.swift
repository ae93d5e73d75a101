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
        try copy(fixture, toFolder: dir.path, nameBytes: nameBytes)
    }

    /// The same into a folder given as path text (whose own name may not be valid UTF-8).
    static func copy(_ fixture: String, toFolder dir: String, nameBytes: [UInt8]) throws {
        let path = PathText.bytes(of: dir) + [UInt8(ascii: "/")] + nameBytes + [0]
        let data = try Support.bytes(fixture)
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) } }
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == data.count)
    }

    @Test("stills and movies whose names (or folders' names) are not valid UTF-8 are scanned and paired under their exact bytes")
    func nonUTF8Names() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let latin1 = Array("IMG_".utf8) + [0xE9]
        try Self.copy(Support.fixture("still-no-exif.jpg"), to: dir, nameBytes: latin1 + Array(".jpg".utf8))
        try Self.copy(Support.fixture("movie-moov-last.mov"), to: dir, nameBytes: latin1 + Array(".mov".utf8))
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "ok.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "ok.mov")
        let badFolder = Array(dir.path.utf8) + Array("/d".utf8) + [0xFE]
        #expect((badFolder + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) } } == 0)
        let folderText = PathText.string(fromPathBytes: badFolder)
        try Self.copy(Support.fixture("still-no-exif.jpg"), toFolder: folderText, nameBytes: Array("x".utf8) + [0xFF] + Array(".jpg".utf8))
        try Self.copy(Support.fixture("movie-moov-first.mov"), toFolder: folderText, nameBytes: Array("x".utf8) + [0xFF] + Array(".mov".utf8))

        let scan = LibraryScanner.scan([dir.path], jobs: 2)
        #expect(scan.count(.unreadable) == 0)
        #expect(scan.unreadableFolders.isEmpty)
        #expect(scan.count(.candidate) == 3)
        let stills = Set(scan.findings.compactMap(\.still).map(PathText.bytes(of:)))
        #expect(stills.contains(Array(dir.path.utf8) + [UInt8(ascii: "/")] + latin1 + Array(".jpg".utf8)))
        #expect(stills.contains(badFolder + Array("/x".utf8) + [0xFF] + Array(".jpg".utf8)))

        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 2)
        #expect(outcomes.filter { $0.status == .paired }.count == 3)
        let rescan = LibraryScanner.scan([dir.path], jobs: 2)
        #expect(rescan.count(.paired) == 3)
        #expect(rescan.findings.count == 3)
    }

    @Test("regular files are listed from readdir's type, links and special files after a stat")
    func entryTypes() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "a.jpg")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "a.mov")
        try Data().write(to: dir.appendingPathComponent("notes.txt"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.jpg").path, withDestinationPath: "a.jpg")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("gone.mov").path, withDestinationPath: "missing.mov")
        #expect(mkfifo(dir.appendingPathComponent("pipe.jpg").path, 0o644) == 0)
        let sub = dir.appendingPathComponent("sub")
        try fm.createDirectory(at: sub, withIntermediateDirectories: true)
        _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: sub, as: "b.JPG")
        let listed = LibraryScanner.listFiles(in: [dir.path])
        let byName = Dictionary(uniqueKeysWithValues: listed.files.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        #expect(byName.keys.sorted() == ["a.jpg", "a.mov", "b.JPG", "gone.mov", "link.jpg", "pipe.jpg"])
        #expect(byName["a.jpg"]?.problem == nil && byName["a.jpg"]?.role == .still)
        #expect(byName["a.mov"]?.problem == nil && byName["a.mov"]?.role == .movie)
        #expect(byName["b.JPG"]?.problem == nil && byName["b.JPG"]?.path == sub.path + "/b.JPG")
        #expect(byName["link.jpg"]?.problem == nil)
        #expect(byName["gone.mov"]?.problem == "broken symbolic link (its target does not exist)")
        #expect(byName["pipe.jpg"]?.problem == "not a regular file")
        #expect(listed.unreadable.isEmpty)
    }

    @Test("make DIR reports the walk's own reason for a file it could not read, as scan does")
    func makeReportsTheWalksReason() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("pipe.mov").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("gone.mov").path, withDestinationPath: "missing.mov")
        let (_, outcomes) = BatchOperations.make(roots: [dir.path], options: MakeOptions(), jobs: 1)
        let errors = Set(outcomes.compactMap(\.error))
        #expect(errors == [dir.path + "/pipe.mov: not a regular file",
                           dir.path + "/gone.mov: broken symbolic link (its target does not exist)"])
        #expect(BatchOperations.exitCode(outcomes, scan: LibraryScan(findings: [], filesRead: 0, unreadableFolders: [])) == .unreadable)
    }

    @Test("one exit-code rule for every batch: unreadable over refused over invalid, 3 with an unreadable folder")
    func oneExitCodeRule() {
        #expect(ExitStatus.combined([]) == .ok)
        #expect(ExitStatus.combined([.ok, .invalidPair, .ok]) == .invalidPair)
        #expect(ExitStatus.combined([.invalidPair, .unreadable]) == .unreadable)
        #expect(ExitStatus.combined([.refused, .unreadable, .invalidPair]) == .unreadable)
        #expect(ExitStatus.combined([.invalidPair, .refused]) == .refused)
        #expect(ExitStatus.combined([.ok], unreadableFolders: true) == .unreadable)
        #expect(ExitStatus.combined([.refused], unreadableFolders: true) == .unreadable)
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
        // Names that are no candidates: a loop is still reported (it may hide a folder); a
        // broken link is passed over, as any other file of no interest.
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("loop1").path, withDestinationPath: "loop2")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("loop2").path, withDestinationPath: "loop1")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")

        let scan = LibraryScanner.scan([dir.path], jobs: 2)
        let loops = scan.findings.filter { $0.finding == .unreadable }
        #expect(loops.count == 2)
        #expect(loops.allSatisfy { $0.detail?.contains("symbolic link loop") == true })
        #expect(scan.unreadableFolders.contains { $0.path.hasSuffix("/up") && $0.reason.contains("symbolic link loop") })
        for name in ["loop1", "loop2"] {
            #expect(scan.unreadableFolders.contains { $0.path.hasSuffix("/" + name) && $0.reason.contains("symbolic link loop") }, "\(scan.unreadableFolders)")
        }
        #expect(!scan.unreadableFolders.contains { $0.path.hasSuffix("/dangling") }, "a broken link of no interest is passed over")
        #expect(!scan.findings.contains { ($0.still ?? $0.movie ?? "").hasSuffix("/dangling") })
        #expect(scan.count(.candidate) == 1)
    }
}
