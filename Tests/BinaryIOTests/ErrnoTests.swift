import Foundation
import Testing
@testable import BinaryIO

/// System failures keep their errno as a value (what callers branch on) and their words (what
/// users read) unchanged.
@Suite("errno kept as a value in system errors")
struct ErrnoTests {
    /// The ParseError `body` throws.
    static func failure(_ body: () throws -> Void) -> ParseError? {
        do { try body() } catch let error as ParseError { return error } catch { Issue.record("not a ParseError: \(error)") }
        return nil
    }

    @Test("opening: a missing file is ENOENT, a folder EISDIR; the message says it in words")
    func opening() throws {
        let dir = try FileLockTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = Self.failure { _ = try FileSource(path: dir.appendingPathComponent("none.jpg").path) }
        #expect(missing?.errno == .noSuchFile && missing?.kind == .io)
        #expect(missing?.description == "no such file or directory")
        let folder = Self.failure { _ = try FileSource(path: dir.path) }
        #expect(folder?.errno == Errno(rawValue: EISDIR) && folder?.description == "is a directory")
        // Not a system call's failure: no errno.
        #expect(Self.failure { _ = try FileSource(path: "/dev/null") }?.errno == nil)
    }

    @Test("writing: ENOSPC from /dev/full, EBADF from a read-only descriptor, through the one positioned write loop")
    func positionedWrite() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        let noSpace = Self.failure { try PositionedWrite.writeAll([1, 2, 3], to: full, at: 0) }
        #expect(noSpace?.errno == .noSpace)
        #expect(noSpace?.description == "write failed: no space left on device")

        let readOnly = open("/dev/null", O_RDONLY)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        let badFD = Self.failure { try PositionedWrite.writeAll([1][...], to: readOnly, at: 0) }
        #expect(badFD?.errno == Errno(rawValue: EBADF))
        // Nothing to write is no system call at all.
        try PositionedWrite.writeAll([], to: readOnly, at: 0)
    }

    @Test("AtomicFileWriter: ENOENT for a missing folder, EEXIST when a new file would overwrite, bytes land in order")
    func atomicWriter() throws {
        let dir = try FileLockTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let nowhere = Self.failure { _ = try AtomicFileWriter(targetPath: dir.appendingPathComponent("gone/x.jpg").path) }
        #expect(nowhere?.errno == .noSuchFile)
        #expect(nowhere?.message.hasPrefix("cannot write in ") == true)

        let source = dir.appendingPathComponent("source.bin").path
        #expect(FileManager.default.createFile(atPath: source, contents: Data((0..<200).map { UInt8($0) })))
        let target = dir.appendingPathComponent("new.bin").path
        let writer = try AtomicFileWriter(targetPath: target)
        try writer.write([0xAA, 0xBB])
        try writer.copy(from: FileSource(path: source), offset: 10, count: 100)
        try writer.write([0xCC][...])
        try writer.commitWithoutReplacing()
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: target)))
        #expect(written == [0xAA, 0xBB] + (10..<110).map { UInt8($0) } + [0xCC])

        let again = try AtomicFileWriter(targetPath: target)
        try again.write([1])
        let exists = Self.failure { try again.commitWithoutReplacing() }
        #expect(exists?.errno == .exists && exists?.message == "already exists; not overwritten")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: target))) == written)
    }

    @Test("FileLockSet: a file that cannot be opened to lock is ENOENT by value, its words as before")
    func lockUnavailable() throws {
        let dir = try FileLockTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("gone.mov").path
        do {
            _ = try FileLockSet.acquire([missing], mode: .exclusive, wait: 0)
            Issue.record("a missing file was locked")
        } catch let error as FileLockError {
            #expect(error == .unavailable(path: missing, errno: .noSuchFile))
            #expect(error.description == "no such file or directory")
        }
    }

    @Test("WritePermission: a file with no write bit is EACCES, for root too")
    func permission() throws {
        let dir = try FileLockTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("locked.jpg").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1])))
        #expect(chmod(path, 0o444) == 0)
        let e = Self.failure { try WritePermission.require(path) }
        #expect(e?.errno == .permissionDenied && e?.kind == .io)
        #expect(chmod(path, 0o644) == 0)
        try WritePermission.require(path)
    }
}
