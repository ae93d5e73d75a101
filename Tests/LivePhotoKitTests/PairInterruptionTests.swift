import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

@Suite("pair: locks, stop requests, rollback of the still")
struct PairInterruptionTests {
    @Test("a pair whose files another run holds waits, then gives up as busy (refused); nothing changes")
    func busy() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        let other = try FileLockSet.acquire([movie], mode: .shared)
        var options = PairOptions()
        options.lockWait = 0.1
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(e?.category == .refused)
        #expect(e?.reason.hasPrefix("busy") == true)
        // A shared holder does not stop a dry run or a verify (both only read).
        options.dryRun = true
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .dryRun)
        #expect(try Verifier.verify(still: still, movie: movie, lockWait: 0.1).valid == false)
        other.release()
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("a stop requested before the commit rolls the pair back: OperationInterrupted, files as they were, no temporaries",
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-mp4.mp4"])
    func stopBeforeCommit(_ movieName: String) throws {
        try Self.stopBeforeCommit(still: Support.fixture("still-exif-icc-xmp.jpg"), movie: Support.fixture(movieName))
    }

    /// A HEIC edited in place has its new Exif appended when the still is prepared (a larger
    /// Exif stays there; one that fits is copied over the old bytes at the commit): the stop
    /// cuts the append off again.
    @Test("a HEIC still edited in place and a stop before the commit: the append is cut back, the files as they were",
          arguments: [(DryRunWriteMethodTests.Still.heicGrowing, StillWriteMethod.tailAppend), (.heicFitting, .inPlace)])
    func heicStopBeforeCommit(_ kind: DryRunWriteMethodTests.Still, method: StillWriteMethod) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let heic = dir.appendingPathComponent("IMG_0001.HEIC").path
        try Data(try DryRunWriteMethodTests().stillBytes(kind)).write(to: URL(fileURLWithPath: heic))
        try Self.stopBeforeCommit(still: heic, movie: Support.fixture("movie-moov-last.mov"), expectedStillWrite: method)
    }

    static func stopBeforeCommit(still stillSource: String, movie movieSource: String, expectedStillWrite: StillWriteMethod? = nil) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(stillSource, to: dir)
        let movie = try Support.copy(movieSource, to: dir)
        // An identifier of its own: the still is always written (the HEIC fixture carries one).
        var options = PairOptions()
        options.identifier = .given("11111111-2222-3333-4444-555555555555")
        if let expectedStillWrite {
            var dry = options
            dry.dryRun = true
            #expect(try PairOperation.run(still: still, movie: movie, options: dry).stillWrite == expectedStillWrite)
        }
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        options.stop = StopRequest()
        options.stop?.request(SIGTERM)
        let e = #expect(throws: OperationInterrupted.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(e?.signal == SIGTERM)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [URL(fileURLWithPath: movie).lastPathComponent, URL(fileURLWithPath: still).lastPathComponent].sorted())
    }

    @Test("a batch asked to stop starts no pair: every candidate is reported interrupted and left as it was")
    func batchStop() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 1...3 {
            _ = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_\(i).JPG")
            _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_\(i).MOV")
        }
        var options = PairOptions()
        options.stop = StopRequest()
        options.stop?.request(SIGINT)
        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: options, jobs: 2)
        #expect(outcomes.count == 3)
        #expect(outcomes.allSatisfy { $0.status == .interrupted && $0.exitCode == .interrupted && $0.exitCode.rawValue == 130 })
        #expect(try Support.bytes(dir.appendingPathComponent("IMG_1.MOV").path) == (try Support.bytes(Support.fixture("movie-moov-last.mov"))))
    }

    /// A fresh folder with `a.jpg` holding "original", and its inode.
    static func original() throws -> (dir: URL, target: String, inode: UInt64?) {
        let dir = try Support.tempDir()
        let target = dir.appendingPathComponent("a.jpg").path
        try #require(FileManager.default.createFile(atPath: target, contents: Data("original".utf8)))
        return (dir, target, try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? UInt64)
    }

    /// The pair's new still committed over `target` (a new inode holding "paired").
    static func commitPaired(_ target: String) throws {
        let writer = try AtomicFileWriter(targetPath: target)
        try writer.write(Array("paired".utf8))
        try writer.commit()
    }

    @Test("the still backup puts the original inode back, or removes a new file; remove leaves the new still")
    func stillBackup() throws {
        let (dir, target, inode) = try Self.original()
        defer { try? FileManager.default.removeItem(at: dir) }

        let backup = try StillBackup(of: target)
        #expect(Support.temporaries(in: dir).count == 1)
        try Self.commitPaired(target)
        backup.restore()
        #expect(String(decoding: try Support.bytes(target), as: UTF8.self) == "original")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? UInt64 == inode)
        #expect(Support.temporaries(in: dir).isEmpty)

        let kept = try StillBackup(of: target)
        try Self.commitPaired(target)
        kept.remove()
        #expect(String(decoding: try Support.bytes(target), as: UTF8.self) == "paired")
        #expect(Support.temporaries(in: dir).isEmpty)

        let fresh = dir.appendingPathComponent("new.jpg").path
        let none = try StillBackup(of: fresh)
        #expect(FileManager.default.createFile(atPath: fresh, contents: Data("new".utf8)))
        none.restore()
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    /// Where the file system has no hard links (`link` fails: EPERM on vfat/exFAT, EXDEV,
    /// EMLINK), the backup is a copy beside the target: restore puts the original bytes back
    /// with the original's mode, remove leaves the new still, and neither leaves a temporary.
    @Test("without hard links the still backup is a copy: restore brings back the original's bytes and mode, remove leaves nothing", arguments: [EPERM, EXDEV, EMLINK])
    func stillBackupByCopy(_ failure: Int32) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("a.jpg").path
        let original = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(original).write(to: URL(fileURLWithPath: target))
        #expect(chmod(target, 0o640) == 0)
        let noLinks: (String, String) -> Int32 = { _, _ in errno = failure; return -1 }

        let backup = try StillBackup(of: target, link: noLinks)
        #expect(Support.temporaries(in: dir).count == 1, "the copy, beside the target")
        #expect(try Support.bytes(dir.appendingPathComponent(Support.temporaries(in: dir)[0]).path) == original)
        try Self.commitPaired(target)
        backup.restore()
        #expect(try Support.bytes(target) == original)
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o640)
        #expect(Support.temporaries(in: dir).isEmpty)

        let kept = try StillBackup(of: target, link: noLinks)
        try Self.commitPaired(target)
        kept.remove()
        #expect(String(decoding: try Support.bytes(target), as: UTF8.self) == "paired")
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    /// A backup name already taken (EEXIST) is tried again under another name; after 16 taken
    /// names the backup is a copy.
    @Test("a taken backup name is tried again under a new name; sixteen taken names give a copy")
    func stillBackupNameTaken() throws {
        let (dir, target, inode) = try Self.original()
        defer { try? FileManager.default.removeItem(at: dir) }

        var tried: [String] = []
        let twiceTaken: (String, String) -> Int32 = { from, to in
            tried.append(to)
            if tried.count <= 2 { errno = EEXIST; return -1 }
            return FileSystemCalls.link(from, to)
        }
        let backup = try StillBackup(of: target, link: twiceTaken)
        #expect(tried.count == 3 && Set(tried).count == 3, "\(tried)")
        try Self.commitPaired(target)
        backup.restore()
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.systemFileNumber] as? UInt64 == inode, "the original inode: a link")

        var attempts = 0
        let alwaysTaken: (String, String) -> Int32 = { _, _ in attempts += 1; errno = EEXIST; return -1 }
        let copied = try StillBackup(of: target, link: alwaysTaken)
        #expect(attempts == 16)
        #expect(Support.temporaries(in: dir).count == 1)
        copied.remove()
        #expect(Support.temporaries(in: dir).isEmpty)
        #expect(String(decoding: try Support.bytes(target), as: UTF8.self) == "original")
    }
}
