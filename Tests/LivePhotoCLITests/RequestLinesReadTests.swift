import Foundation
import Testing
@testable import livephoto
#if canImport(Glibc)
import Glibc
#endif

/// `batch`'s input reader over a long session: the bytes of the lines already handed out are
/// dropped at the next read (a client sending requests for hours must not grow the process),
/// and a read that fails for any reason but EINTR ends the input instead of being retried.
@Suite("batch input: lines read are dropped, and a failed read ends the input")
struct RequestLinesReadTests {
    /// The reader's buffer, read through reflection: the bytes it holds now.
    static func buffered(_ lines: RequestLines) -> [UInt8]? {
        Mirror(reflecting: lines).descendant("buffer") as? [UInt8]
    }

    @Test("90,000 short lines read through 3 reads of 64 KiB: the buffer holds one read's bytes, not all 180,000")
    func readLinesAreDropped() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Support.write(Array(repeating: Array("x\n".utf8), count: 100_000).flatMap { $0 }, in: dir, name: "requests")
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let lines = RequestLines(fd: fd)
        for n in 0..<90_000 {
            let next = lines.next()
            guard next == .line([0x78]) else { Issue.record("line \(n + 1): \(next)"); return }
        }
        let buffer = try #require(Self.buffered(lines), "RequestLines has no [UInt8] named buffer")
        #expect(buffer.count <= 64 * 1024, "\(buffer.count) bytes held after 180,000 were read")
        var rest = 0
        while case .line = lines.next() { rest += 1 }
        #expect(rest == 10_000)
        #expect(lines.next() == .end)
    }

    @Test("a descriptor whose read fails with EISDIR (a directory; poll calls it readable): .end at once, and again")
    func failedReadEnds() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fd = open(dir.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var probe = [UInt8](repeating: 0, count: 1)
        try #require(read(fd, &probe, 1) < 0 && errno == EISDIR, "read(2) of a directory fails with EISDIR")
        let lines = RequestLines(fd: fd)
        #expect(lines.next() == .end)
        #expect(lines.next() == .end, "asked again after the end")
    }
}
