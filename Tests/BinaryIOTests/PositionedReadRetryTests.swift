import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// The one positioned read loop, with `pread` failing on purpose: an interrupted call (`EINTR`,
/// a signal arriving during the read) is made again, a short read goes on where it stopped, any
/// other error ends the read naming it and the bytes read before it, and the end of the file
/// ends it early.
@Suite("PositionedRead: interrupted and short reads")
struct PositionedReadRetryTests {
    static let content: [UInt8] = (0..<100).map { UInt8($0 * 7 & 0xFF) }

    /// A `pread` that answers `script` in turn (an errno to fail with, or at most this many bytes
    /// read), then reads as the system does; and the calls it saw.
    final class ScriptedRead: @unchecked Sendable {
        enum Answer { case fail(Int32), atMost(Int) }
        var script: [Answer]
        var calls: [(count: Int, offset: off_t)] = []
        init(_ script: [Answer]) { self.script = script }

        func call(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
            calls.append((count, offset))
            guard !script.isEmpty else { return pread(fd, buffer, count, offset) }
            switch script.removeFirst() {
            case .fail(let code): errno = code; return -1
            case .atMost(let n): return pread(fd, buffer, min(n, count), offset)
            }
        }
    }

    static func read(count: Int, at offset: UInt64, _ scripted: ScriptedRead) throws -> (bytes: [UInt8], read: Int) {
        let dir = try TempDir()
        let fd = open(try dir.write("f", content), O_RDONLY)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = try buffer.withUnsafeMutableBytes { try PositionedRead.read(into: $0, from: fd, at: offset, call: scripted.call) }
        return (Array(buffer[..<n]), n)
    }

    @Test("EINTR, again and again, then short reads: every byte, each call from where the last stopped")
    func interruptedAndShort() throws {
        let scripted = ScriptedRead([.fail(EINTR), .fail(EINTR), .atMost(3), .fail(EINTR), .atMost(1), .atMost(10)])
        let result = try Self.read(count: 40, at: 20, scripted)
        #expect(result.read == 40 && result.bytes == Array(Self.content[20..<60]))
        #expect(scripted.calls.map(\.offset) == [20, 20, 20, 23, 23, 24, 34])
        #expect(scripted.calls.map(\.count) == [40, 40, 40, 37, 37, 36, 26])
    }

    @Test("any other error ends the read, naming it and the bytes read before it", arguments: [EIO, EBADF, EAGAIN])
    func otherErrors(code: Int32) throws {
        let scripted = ScriptedRead([.atMost(5), .fail(EINTR), .fail(code)])
        let error = #expect(throws: PositionedRead.Failure.self) { _ = try Self.read(count: 40, at: 0, scripted) }
        #expect(error?.errno == Errno(rawValue: code) && error?.bytesRead == 5)
        #expect(scripted.calls.count == 3)
    }

    @Test("the end of the file ends the read early, after an interrupted call")
    func endOfFile() throws {
        let scripted = ScriptedRead([.fail(EINTR)])
        let result = try Self.read(count: 40, at: 90, scripted)
        #expect(result.read == 10 && result.bytes == Array(Self.content[90...]))
    }
}
